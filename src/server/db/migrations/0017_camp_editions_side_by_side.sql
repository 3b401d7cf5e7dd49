DROP INDEX "camp_editions_one_current";--> statement-breakpoint
ALTER TABLE "camp_editions" DROP COLUMN "is_current";