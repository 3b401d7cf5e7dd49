ALTER TABLE "event_checkin_actions" DROP CONSTRAINT "event_checkin_actions_kind_check";--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD COLUMN "camp_registration_id" integer;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD COLUMN "person_id" text;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD COLUMN "day" text;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD COLUMN "camp_payment_id" integer;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD COLUMN "money_action_id" integer;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD COLUMN "undone_by" uuid;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_camp_registration_id_camp_registrations_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_camp_payment_id_payments_id_fk" FOREIGN KEY ("camp_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_money_action_id_money_actions_id_fk" FOREIGN KEY ("money_action_id") REFERENCES "public"."money_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_checkin_actions_camp_registration_idx" ON "event_checkin_actions" USING btree ("camp_registration_id");--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_owner_check" CHECK (("event_checkin_actions"."order_id" is null) <> ("event_checkin_actions"."camp_registration_id" is null) and ("event_checkin_actions"."camp_registration_id" is null or ("event_checkin_actions"."person_id" is not null and "event_checkin_actions"."day" is not null and "event_checkin_actions"."action_id" is not null)));--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_kind_check" CHECK ("event_checkin_actions"."kind" in ('checkin', 'undo', 'undo-checkin', 'payment', 'undo-payment'));--> statement-breakpoint
-- The camp door's actions join the events' log in the order they were carried out, each with its action id
-- (the phones' replays and the undone_by links keep finding them).
INSERT INTO "event_checkin_actions" ("camp_registration_id", "kind", "account_username", "account_name", "at", "action_id", "changed",
  "person_id", "day", "amount", "camp_payment_id", "money_action_id", "undone_by")
SELECT a."registration_id", a."kind", a."account_username", a."account_name", a."at", a."action_id", true,
  a."person_id", a."day", a."amount", a."payment_id", a."money_action_id", a."undone_by"
FROM "camp_checkin_actions" a ORDER BY a."seq";
