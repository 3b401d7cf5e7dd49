ALTER TABLE "event_ledger_entries" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD COLUMN "camp_registration_id" integer;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD COLUMN "camp_payment_id" integer;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_camp_registration_id_camp_registrations_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_camp_payment_id_payments_id_fk" FOREIGN KEY ("camp_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_ledger_entries_camp_registration_idx" ON "event_ledger_entries" USING btree ("camp_registration_id");--> statement-breakpoint
CREATE INDEX "event_ledger_entries_camp_payment_idx" ON "event_ledger_entries" USING btree ("camp_payment_id");--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_owner_check" CHECK (("event_ledger_entries"."order_id" is null) <> ("event_ledger_entries"."camp_registration_id" is null));--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_payment_check" CHECK ("event_ledger_entries"."payment_id" is null or "event_ledger_entries"."camp_payment_id" is null);--> statement-breakpoint
-- The camp's entries join the one ledger, each with its registration and payment. Their ids move up past the
-- events' by one amount, so each registration's entries keep their order and every correction its target.
INSERT INTO "event_ledger_entries" ("id", "camp_registration_id", "at", "actor", "reason", "kind", "person", "item", "label", "method", "amount", "camp_payment_id", "corrects_id")
OVERRIDING SYSTEM VALUE
SELECT c."id" + shift.by, c."registration_id", c."at", c."actor", c."reason", c."kind", c."person", c."item", c."label", c."method", c."amount", c."payment_id", c."corrects_id" + shift.by
FROM "camp_ledger_entries" c CROSS JOIN (SELECT coalesce(max("id"), 0) AS by FROM "event_ledger_entries") shift
ORDER BY c."id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"event_ledger_entries"', 'id'), coalesce((SELECT max("id") FROM "event_ledger_entries"), 0) + 1, false);
