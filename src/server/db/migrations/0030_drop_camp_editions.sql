DROP TABLE "camp_edition_changes" CASCADE;--> statement-breakpoint
DROP TABLE "camp_editions" CASCADE;