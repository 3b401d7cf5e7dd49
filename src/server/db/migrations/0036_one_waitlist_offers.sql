ALTER TABLE "event_waitlist_offers" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ADD COLUMN "camp_registration_id" integer;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ADD CONSTRAINT "event_waitlist_offers_camp_registration_id_camp_registrations_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_waitlist_offers_one_open_camp" ON "event_waitlist_offers" USING btree ("camp_registration_id") WHERE "event_waitlist_offers"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "event_waitlist_offers_camp_registration_idx" ON "event_waitlist_offers" USING btree ("camp_registration_id");--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ADD CONSTRAINT "event_waitlist_offers_owner_check" CHECK (("event_waitlist_offers"."order_id" is null) <> ("event_waitlist_offers"."camp_registration_id" is null));--> statement-breakpoint
-- The camp's offers join the events' in one table, their ids moved up past the events' by one amount; the
-- offer mails in the outbox are keyed by the offer's id, so their keys move with them.
CREATE TEMPORARY TABLE "camp_offer_shift" AS SELECT coalesce(max("id"), 0) AS by FROM "event_waitlist_offers";--> statement-breakpoint
INSERT INTO "event_waitlist_offers" ("id", "camp_registration_id", "token_hash", "state", "offered_at", "expires_at", "ended_at")
OVERRIDING SYSTEM VALUE
SELECT o."id" + shift.by, o."registration_id", o."token_hash", o."state", o."offered_at", o."expires_at", o."ended_at"
FROM "camp_waitlist_offers" o CROSS JOIN "camp_offer_shift" shift
ORDER BY o."id";--> statement-breakpoint
-- In two steps, so no new key meets an old one that has yet to move (the keys are unique row by row).
UPDATE "mail_outbox" SET "dedupe_key" = 'moving:' || "dedupe_key" WHERE "dedupe_key" ~ '^camp-waitlist-offer:[0-9]+$';--> statement-breakpoint
UPDATE "mail_outbox" SET "dedupe_key" = 'camp-waitlist-offer:' || (substring("dedupe_key" from 28)::int + shift.by)
FROM "camp_offer_shift" shift
WHERE "dedupe_key" ~ '^moving:camp-waitlist-offer:[0-9]+$';--> statement-breakpoint
DROP TABLE "camp_offer_shift";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"event_waitlist_offers"', 'id'), coalesce((SELECT max("id") FROM "event_waitlist_offers"), 0) + 1, false);
