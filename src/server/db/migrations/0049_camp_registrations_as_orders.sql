-- A camp registration becomes an order of its edition's event (vinterleir-YYYY) with its athlete as the order's
-- first position (0); its companions follow from 1. The order takes the registration's id: the door (a{id}, also
-- in phones' queued actions), the admin's addresses, the mails' keys and every camp_registration_id name it by
-- that. Only mails name an event order's row id (their keys and queued payloads), so the events' own orders move
-- above every registration first, all at once past the largest id of either, where no two meet.
ALTER TABLE "camp_checkin_refusals" DROP CONSTRAINT "camp_checkin_refusals_registration_id_camp_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "payment_shares" DROP CONSTRAINT "payment_shares_registration_id_camp_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "event_checkin_actions" DROP CONSTRAINT "event_checkin_actions_camp_registration_id_camp_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "event_ledger_entries" DROP CONSTRAINT "event_ledger_entries_camp_registration_id_camp_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "event_payments" DROP CONSTRAINT "event_payments_camp_registration_id_camp_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "event_positions" DROP CONSTRAINT "event_positions_camp_registration_id_camp_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" DROP CONSTRAINT "event_waitlist_offers_camp_registration_id_camp_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "family_links" DROP CONSTRAINT "family_links_camp_registration_id_camp_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "order_changes" DROP CONSTRAINT "order_changes_camp_registration_id_camp_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "event_ledger_entries" DROP CONSTRAINT "event_ledger_entries_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_payments" DROP CONSTRAINT "event_payments_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_checkin_actions" DROP CONSTRAINT "event_checkin_actions_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" DROP CONSTRAINT "event_waitlist_offers_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_positions" DROP CONSTRAINT "event_positions_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_changes" DROP CONSTRAINT "order_changes_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "family_links" DROP CONSTRAINT "family_links_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_orders" ALTER COLUMN "amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_orders" ALTER COLUMN "places" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_orders" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_orders" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "event_orders" ADD COLUMN "draft_secret_hash" text;--> statement-breakpoint
ALTER TABLE "event_orders" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "event_orders" ADD COLUMN "waitlist_rank" integer;--> statement-breakpoint
-- The events' orders move up; every row that names one follows, and so do the mails that name one by its row id.
CREATE TEMPORARY TABLE "order_shift" AS
SELECT (SELECT coalesce(max("id"), 0) FROM "camp_registrations") + (SELECT coalesce(max("id"), 0) FROM "event_orders") AS "by";--> statement-breakpoint
UPDATE "event_positions" SET "order_id" = "order_id" + (SELECT "by" FROM "order_shift") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
UPDATE "event_payments" SET "order_id" = "order_id" + (SELECT "by" FROM "order_shift") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
UPDATE "event_ledger_entries" SET "order_id" = "order_id" + (SELECT "by" FROM "order_shift") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
UPDATE "event_checkin_actions" SET "order_id" = "order_id" + (SELECT "by" FROM "order_shift") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
UPDATE "event_waitlist_offers" SET "order_id" = "order_id" + (SELECT "by" FROM "order_shift") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
UPDATE "order_changes" SET "order_id" = "order_id" + (SELECT "by" FROM "order_shift") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
UPDATE "family_links" SET "order_id" = "order_id" + (SELECT "by" FROM "order_shift") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "dedupe_key" = 'event-confirmation:' || (substring("dedupe_key" from '^event-confirmation:([0-9]+)$')::integer + (SELECT "by" FROM "order_shift"))
WHERE "dedupe_key" ~ '^event-confirmation:[0-9]+$';--> statement-breakpoint
UPDATE "mail_outbox" SET "dedupe_key" = 'event-waitlist-joined:' || (substring("dedupe_key" from '^event-waitlist-joined:([0-9]+)$')::integer + (SELECT "by" FROM "order_shift"))
WHERE "dedupe_key" ~ '^event-waitlist-joined:[0-9]+$';--> statement-breakpoint
UPDATE "mail_outbox" SET "dedupe_key" = 'event-cancel:' || (substring("dedupe_key" from '^event-cancel:([0-9]+):')::integer + (SELECT "by" FROM "order_shift"))
  || substring("dedupe_key" from '^event-cancel:[0-9]+(:.*)$')
WHERE "dedupe_key" ~ '^event-cancel:[0-9]+:';--> statement-breakpoint
UPDATE "mail_outbox" SET "payload" = jsonb_set("payload", '{orderId}', to_jsonb(("payload"->>'orderId')::integer + (SELECT "by" FROM "order_shift")))
WHERE "kind" IN ('event-confirmation', 'event-waitlist-joined') AND "payload" ? 'orderId';--> statement-breakpoint
ALTER TABLE "event_orders" ALTER COLUMN "id" SET GENERATED BY DEFAULT;--> statement-breakpoint
UPDATE "event_orders" SET "id" = "id" + (SELECT "by" FROM "order_shift");--> statement-breakpoint
-- Every registration's edition is an event since 0029; one without would be lost by the move below, so the
-- upgrade stops instead.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "camp_registrations" r WHERE NOT EXISTS (SELECT 1 FROM "events" e WHERE e."slug" = 'vinterleir-' || r."edition_year")) THEN
    RAISE EXCEPTION 'camp registrations of an edition without its event (vinterleir-YYYY): nothing was moved';
  END IF;
END $$;--> statement-breakpoint
-- Every registration is an order of its edition's event, by its own id; the order carries the contact, the
-- status and the way of paying, its athlete position the person and the camp's answers.
INSERT INTO "event_orders" ("id", "event_id", "order_id", "draft_id", "status", "method", "first_name", "last_name", "email",
  "telephone", "amount", "places", "created_at", "confirmed_at", "cancelled_at", "anonymised_at", "contact_name", "email_key",
  "draft_secret_hash", "group_id", "waitlist_rank")
SELECT r."id", e."id", r."order_id", r."draft_id"::text, r."status", CASE WHEN r."vipps" THEN 'vipps' ELSE 'card_cash' END,
  r."first_name", r."last_name", r."email", r."telephone", NULL, NULL, r."created_at", r."confirmed_at", r."cancelled_at",
  r."anonymised_at", r."contact_name", r."email_key", r."draft_secret_hash", r."group_id", r."waitlist_rank"
FROM "camp_registrations" r JOIN "events" e ON e."slug" = 'vinterleir-' || r."edition_year"
ORDER BY r."id";--> statement-breakpoint
ALTER TABLE "event_orders" ALTER COLUMN "id" SET GENERATED ALWAYS;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"event_orders"', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "event_orders"), false);--> statement-breakpoint
DROP TABLE "order_shift";--> statement-breakpoint
-- The athlete is the order's position 0; its companions move one place on (in two steps, so no two meet).
UPDATE "event_positions" SET "position" = "position" + 1000 WHERE "camp_registration_id" IS NOT NULL;--> statement-breakpoint
UPDATE "event_positions" SET "position" = "position" - 999 WHERE "camp_registration_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "event_positions" ("camp_registration_id", "position", "kind", "first_name", "last_name", "age", "club_id", "grade_id", "answers")
SELECT "id", 0, 'athlete', "first_name", "last_name", "age", "club_id", "grade_id",
  jsonb_build_object('allergies', "allergies", 'gradering', "gradering", 'hasLedsager', "has_ledsager", 'otherInfo', "other_info",
    'sleepover', "sleepover", 'vegan', "vegan", 'instructor', "instructor"::text, 'public', "public",
    'wantsToInstruct', "wants_to_instruct", 'dataConsent', "data_consent", 'termsAccepted', "terms_accepted")
FROM "camp_registrations" ORDER BY "id";--> statement-breakpoint
DROP TABLE "camp_registrations" CASCADE;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ADD CONSTRAINT "event_waitlist_offers_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_positions" ADD CONSTRAINT "event_positions_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_checkin_refusals" ADD CONSTRAINT "camp_checkin_refusals_registration_id_event_orders_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_shares" ADD CONSTRAINT "payment_shares_registration_id_event_orders_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_camp_registration_id_event_orders_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_camp_registration_id_event_orders_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."event_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_camp_registration_id_event_orders_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."event_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_positions" ADD CONSTRAINT "event_positions_camp_registration_id_event_orders_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ADD CONSTRAINT "event_waitlist_offers_camp_registration_id_event_orders_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_camp_registration_id_event_orders_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_camp_registration_id_event_orders_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_orders_group_idx" ON "event_orders" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "event_orders_email_key_idx" ON "event_orders" USING btree ("email_key");--> statement-breakpoint
-- The camp reads its registrations as this view of the engine's orders and athlete positions (never written to).
CREATE VIEW "camp_registration_view" AS
SELECT o."id",
  -- Guarded, so that a filter on the year evaluated before the join's own condition never casts another kind's slug.
  CASE WHEN e."slug" ~ '^vinterleir-[0-9]{4}$' THEN substr(e."slug", 12)::integer END AS "edition_year", o."draft_id", o."order_id", o."first_name", o."last_name", p."age",
  o."email", o."email_key", o."draft_secret_hash", o."telephone", o."contact_name", p."answers"->>'allergies' AS "allergies",
  p."club_id", p."grade_id", (p."answers"->>'gradering')::boolean AS "gradering", (p."answers"->>'hasLedsager')::boolean AS "has_ledsager",
  p."answers"->>'otherInfo' AS "other_info", (p."answers"->>'sleepover')::boolean AS "sleepover", (p."answers"->>'vegan')::boolean AS "vegan",
  (p."answers"->>'instructor')::integer AS "instructor", (p."answers"->>'public')::boolean AS "public", o."method" = 'vipps' AS "vipps",
  (p."answers"->>'wantsToInstruct')::boolean AS "wants_to_instruct", (p."answers"->>'dataConsent')::boolean AS "data_consent",
  (p."answers"->>'termsAccepted')::boolean AS "terms_accepted", o."status", o."waitlist_rank", o."created_at", o."confirmed_at",
  o."cancelled_at", o."anonymised_at", o."group_id"
FROM "event_orders" o
JOIN "events" e ON e."id" = o."event_id" AND e."kind" = 'vinterleir'
JOIN "event_positions" p ON p."camp_registration_id" = o."id" AND p."position" = 0 AND p."kind" = 'athlete';
