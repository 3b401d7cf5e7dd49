ALTER TABLE "event_checkin_actions" ADD COLUMN "action_id" uuid;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD COLUMN "changed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_action_id_unique" UNIQUE("action_id");