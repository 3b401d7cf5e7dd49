CREATE TABLE "camp_ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "camp_ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"kind" text NOT NULL,
	"person" text,
	"item" text,
	"label" text,
	"method" text,
	"amount" integer NOT NULL,
	"payment_id" integer,
	"corrects_id" integer,
	CONSTRAINT "camp_ledger_entries_kind_check" CHECK ("camp_ledger_entries"."kind" in ('charge', 'payment', 'refund', 'refund-owed', 'refund-paid'))
);
--> statement-breakpoint
ALTER TABLE "camp_ledger_entries" ADD CONSTRAINT "camp_ledger_entries_registration_id_camp_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_ledger_entries" ADD CONSTRAINT "camp_ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_ledger_entries" ADD CONSTRAINT "camp_ledger_entries_corrects_id_camp_ledger_entries_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."camp_ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_ledger_entries_registration_idx" ON "camp_ledger_entries" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "camp_ledger_entries_payment_idx" ON "camp_ledger_entries" USING btree ("payment_id");--> statement-breakpoint
-- Backfill: every registration made before the ledger gets the entries that give its figures as they stood.
-- Charges: the athlete's own lines (athlete, late fee), grading (and its removal), each companion (and its
-- cancellation), and for a cancelled registration the removal of whatever was still charged.
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "person", "item", "label", "amount")
SELECT l."registration_id", r."created_at", 'migrering', 'Prislinje fra påmeldingen', 'charge', 'athlete',
  CASE WHEN l."kind" = 'late-fee' THEN 'late-fee' WHEN l."kind" = 'cancelled-grading' THEN 'grading' ELSE l."kind" END,
  NULL, l."amount"
FROM "camp_price_lines" l JOIN "camp_registrations" r ON r."id" = l."registration_id"
WHERE l."kind" IN ('athlete', 'late-fee', 'grading', 'cancelled-grading')
ORDER BY l."registration_id", l."position";
--> statement-breakpoint
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "person", "item", "amount")
SELECT c."registration_id", r."created_at", 'migrering', 'Ledsager på påmeldingen', 'charge', 'companion-' || c."id", 'companion', c."amount"
FROM "camp_companions" c JOIN "camp_registrations" r ON r."id" = c."registration_id"
ORDER BY c."registration_id", c."position";
--> statement-breakpoint
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "person", "item", "amount")
SELECT c."registration_id", c."cancelled_at", 'migrering', 'Ledsager avbestilt', 'charge', 'companion-' || c."id", 'companion', -c."amount"
FROM "camp_companions" c
WHERE c."cancelled_at" IS NOT NULL AND c."amount" <> 0
ORDER BY c."registration_id", c."position";
--> statement-breakpoint
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "person", "item", "amount")
SELECT e."registration_id", coalesce(r."cancelled_at", r."created_at"), 'migrering', 'Påmeldingen avbestilt', 'charge', e."person", e."item", -sum(e."amount")
FROM "camp_ledger_entries" e JOIN "camp_registrations" r ON r."id" = e."registration_id"
WHERE r."status" = 'cancelled' AND e."kind" = 'charge'
GROUP BY e."registration_id", r."cancelled_at", r."created_at", e."person", e."item"
HAVING sum(e."amount") <> 0;
--> statement-breakpoint
-- Money in: what Vipps captured (a group's payment by each athlete's share) and what was marked paid by card or cash.
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "method", "amount", "payment_id")
SELECT p."registration_id", p."updated_at", 'migrering', 'Betaling registrert før kassaboka', 'payment',
  CASE WHEN p."method" = 'vipps' THEN 'vipps' ELSE 'card_cash' END,
  CASE WHEN p."method" = 'vipps' THEN p."captured_amount" ELSE p."paid_amount" END, p."id"
FROM "payments" p
WHERE p."method" IN ('vipps', 'card_cash')
  AND NOT EXISTS (SELECT 1 FROM "payment_shares" s WHERE s."payment_id" = p."id")
  AND (CASE WHEN p."method" = 'vipps' THEN p."captured_amount" ELSE p."paid_amount" END) > 0;
--> statement-breakpoint
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "method", "amount", "payment_id")
SELECT s."registration_id", p."updated_at", 'migrering', 'Andel av gruppens Vipps-betaling', 'payment', 'vipps',
  CASE WHEN p."captured_amount" >= p."amount" THEN s."amount" ELSE (p."captured_amount" * s."amount") / greatest(p."amount", 1) END, p."id"
FROM "payment_shares" s JOIN "payments" p ON p."id" = s."payment_id"
WHERE p."captured_amount" > 0;
--> statement-breakpoint
-- Money out: Vipps refunds (sent or on their way), and what the refund rule owed on cancelled card/cash payments.
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "method", "amount", "payment_id")
SELECT p."registration_id", p."updated_at", 'migrering', 'Refusjon registrert før kassaboka', 'refund', 'vipps',
  p."refunded_amount" + coalesce(p."pending_refund_amount", 0), p."id"
FROM "payments" p
WHERE p."method" = 'vipps' AND NOT EXISTS (SELECT 1 FROM "payment_shares" s WHERE s."payment_id" = p."id")
  AND p."refunded_amount" + coalesce(p."pending_refund_amount", 0) > 0;
--> statement-breakpoint
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "method", "amount", "payment_id")
SELECT s."registration_id", p."updated_at", 'migrering', 'Refusjon av gruppens Vipps-betaling', 'refund', 'vipps', s."refunded_amount", p."id"
FROM "payment_shares" s JOIN "payments" p ON p."id" = s."payment_id"
WHERE s."refunded_amount" > 0;
--> statement-breakpoint
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "method", "amount", "payment_id")
SELECT p."registration_id", a."at", 'migrering', 'Skal betales tilbake etter avbestilling', 'refund-owed', 'card_cash', least(a."amount", p."paid_amount"), p."id"
FROM "money_actions" a JOIN "payments" p ON p."id" = a."payment_id"
WHERE a."action" = 'cancel' AND p."method" = 'card_cash' AND least(a."amount", p."paid_amount") > 0;
--> statement-breakpoint
-- What a cancellation kept under the rules: money held beyond what is still charged, on an order with a cancellation.
INSERT INTO "camp_ledger_entries" ("registration_id", "at", "actor", "reason", "kind", "person", "item", "amount")
SELECT r."id", coalesce(r."cancelled_at", r."created_at"), 'migrering', 'Beholdt etter avbestillingsreglene', 'charge', 'athlete', 'cancellation-fee', m."held" - m."charged"
FROM "camp_registrations" r
JOIN (
  SELECT e."registration_id",
    sum(CASE WHEN e."kind" = 'charge' THEN e."amount" ELSE 0 END) AS "charged",
    sum(CASE WHEN e."kind" = 'payment' THEN e."amount" WHEN e."kind" IN ('refund', 'refund-owed') THEN -e."amount" ELSE 0 END) AS "held"
  FROM "camp_ledger_entries" e GROUP BY e."registration_id"
) m ON m."registration_id" = r."id"
WHERE m."held" > m."charged"
  AND (r."status" = 'cancelled'
    OR EXISTS (SELECT 1 FROM "camp_companions" c WHERE c."registration_id" = r."id" AND c."cancelled_at" IS NOT NULL)
    OR EXISTS (SELECT 1 FROM "camp_price_lines" l WHERE l."registration_id" = r."id" AND l."kind" = 'cancelled-grading'));
