ALTER TABLE "camp_registrations" ADD COLUMN "group_id" text;--> statement-breakpoint
CREATE INDEX "camp_registrations_group_idx" ON "camp_registrations" USING btree ("group_id");