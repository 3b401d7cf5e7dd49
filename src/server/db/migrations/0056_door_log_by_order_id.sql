-- The camp's door actions name the registration's order by order_id, as an event door's do (the values of
-- camp_registration_id are the orders' ids already). The row's side becomes a plain column its writer sets, still
-- under the foreign key over the order and the side, and a camp action still needs its person, day and action id.
-- The computed values stay, then the camp's rows move, then the second column goes.
ALTER TABLE "event_checkin_actions" ALTER COLUMN "owner_kind" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" DROP CONSTRAINT "event_checkin_actions_owner_check";--> statement-breakpoint
UPDATE "event_checkin_actions" SET "order_id" = "camp_registration_id" WHERE "camp_registration_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" DROP CONSTRAINT "event_checkin_actions_camp_owner_fk";--> statement-breakpoint
DROP INDEX "event_checkin_actions_camp_registration_idx";--> statement-breakpoint
ALTER TABLE "event_checkin_actions" DROP COLUMN "camp_registration_id";--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ALTER COLUMN "owner_kind" SET DEFAULT 'order';--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ALTER COLUMN "owner_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_owner_check" CHECK ("event_checkin_actions"."owner_kind" <> 'camp' or ("event_checkin_actions"."person_id" is not null and "event_checkin_actions"."day" is not null and "event_checkin_actions"."action_id" is not null));
