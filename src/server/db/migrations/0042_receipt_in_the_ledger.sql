-- The price is written once: the receipt's lines become the labels of the ledger's charges, and the
-- registration's total is their sum from now on. Each price line labels the charge that was written with it:
-- within a registration, the n-th line of an item and amount is the n-th charge of that item and amount (a
-- line taking a companion or the grading off is the charge taking it off).
WITH "lines" AS (
  SELECT "registration_id", "label", "amount", "item",
         row_number() OVER (PARTITION BY "registration_id", "item", "amount" ORDER BY "position") AS "turn"
  FROM (SELECT "registration_id", "label", "amount", "position",
               CASE "kind" WHEN 'cancelled-companion' THEN 'companion' WHEN 'cancelled-grading' THEN 'grading' ELSE "kind" END AS "item"
        FROM "camp_price_lines" WHERE "kind" <> 'correction'
          -- A free item cancelled took nothing off: its line of 0 has no charge, and must not name a free item charged later.
          AND NOT ("kind" IN ('cancelled-companion', 'cancelled-grading') AND "amount" = 0)) AS "priced"
), "charges" AS (
  SELECT "id", "camp_registration_id", "item", "amount",
         row_number() OVER (PARTITION BY "camp_registration_id", "item", "amount" ORDER BY "id") AS "turn"
  FROM "event_ledger_entries" WHERE "kind" = 'charge' AND "camp_registration_id" IS NOT NULL
    -- A correction's charges had one line of their own, not theirs to match.
    AND "reason" NOT LIKE 'Rettet av leirledelsen%'
)
UPDATE "event_ledger_entries" AS "entry" SET "label" = "lines"."label"
FROM "charges" JOIN "lines" ON "lines"."registration_id" = "charges"."camp_registration_id"
  AND "lines"."item" = "charges"."item" AND "lines"."amount" = "charges"."amount" AND "lines"."turn" = "charges"."turn"
WHERE "entry"."id" = "charges"."id";--> statement-breakpoint
-- Charges without a line of their own (a correction's, a whole cancellation's, a fee kept) are named as the
-- server names them now.
UPDATE "event_ledger_entries" AS "entry" SET "label" = CASE
    WHEN "entry"."item" = 'cancellation-fee' THEN 'Beholdt etter avbestillingsreglene'
    WHEN "entry"."reason" LIKE 'Rettet av leirledelsen%' OR "entry"."amount" < 0 THEN
      CASE WHEN "entry"."reason" LIKE 'Rettet av leirledelsen%' THEN 'Rettet av leirledelsen: ' ELSE 'Avbestilt ' END
      || CASE "entry"."item"
        WHEN 'athlete' THEN 'vinterleir' WHEN 'late-fee' THEN 'sen påmelding' WHEN 'grading' THEN 'gradering'
        WHEN 'companion' THEN 'ledsager' ELSE 'annet' END
      || coalesce((SELECT ': ' || "c"."first_name" || ' ' || "c"."last_name" FROM "camp_companions" AS "c"
                   WHERE "entry"."person" = 'companion-' || "c"."id"), '')
    ELSE CASE "entry"."item" WHEN 'athlete' THEN 'Vinterleir' WHEN 'late-fee' THEN 'Sen påmelding' WHEN 'grading' THEN 'Gradering'
        WHEN 'companion' THEN 'Ledsager' ELSE 'Annet' END
  END
WHERE "entry"."kind" = 'charge' AND "entry"."camp_registration_id" IS NOT NULL AND "entry"."label" IS NULL;--> statement-breakpoint
DROP TABLE "camp_price_lines" CASCADE;--> statement-breakpoint
ALTER TABLE "camp_registrations" DROP COLUMN "total";