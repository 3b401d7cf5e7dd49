ALTER TABLE "camp_personal_links" ALTER COLUMN "registration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "camp_personal_links" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "camp_personal_links" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "camp_registrations" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "camp_registrations" ADD COLUMN "draft_secret_hash" text;--> statement-breakpoint
CREATE INDEX "camp_personal_links_email_key_idx" ON "camp_personal_links" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "camp_registrations_email_key_idx" ON "camp_registrations" USING btree ("email_key");--> statement-breakpoint
ALTER TABLE "camp_personal_links" ADD CONSTRAINT "camp_personal_links_scope_check" CHECK (("camp_personal_links"."registration_id" is null) <> ("camp_personal_links"."email_key" is null));