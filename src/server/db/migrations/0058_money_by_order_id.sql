-- A camp registration's payments and ledger entries name its order by order_id, as an event order's do (the values
-- of camp_registration_id are the orders' ids already). Their side becomes a plain column the writer sets, still
-- under the foreign key over the order and the side, and the foreign keys over a payment and its side (the
-- ledger's, the shares') keep holding: the computed values stay as they are, then the camp's rows move, then the
-- second column goes. One index over order_id serves both sides' entries. The places' count finds a camp order's
-- payment by order_id.
ALTER TABLE "event_payments" ALTER COLUMN "owner_kind" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "event_payments" DROP CONSTRAINT "event_payments_owner_check";--> statement-breakpoint
UPDATE "event_payments" SET "order_id" = "camp_registration_id" WHERE "camp_registration_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "event_payments" DROP CONSTRAINT "event_payments_camp_owner_fk";--> statement-breakpoint
DROP INDEX "event_payments_camp_registration_idx";--> statement-breakpoint
ALTER TABLE "event_payments" DROP COLUMN "camp_registration_id";--> statement-breakpoint
ALTER TABLE "event_payments" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_payments" ALTER COLUMN "owner_kind" SET DEFAULT 'order';--> statement-breakpoint
ALTER TABLE "event_payments" ALTER COLUMN "owner_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ALTER COLUMN "owner_kind" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" DROP CONSTRAINT "event_ledger_entries_owner_check";--> statement-breakpoint
UPDATE "event_ledger_entries" SET "order_id" = "camp_registration_id" WHERE "camp_registration_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" DROP CONSTRAINT "event_ledger_entries_camp_owner_fk";--> statement-breakpoint
DROP INDEX "event_ledger_entries_camp_registration_idx";--> statement-breakpoint
DROP INDEX "event_ledger_entries_order_idx";--> statement-breakpoint
CREATE INDEX "event_ledger_entries_order_idx" ON "event_ledger_entries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "event_ledger_entries" DROP COLUMN "camp_registration_id";--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ALTER COLUMN "owner_kind" SET DEFAULT 'order';--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ALTER COLUMN "owner_kind" SET NOT NULL;--> statement-breakpoint
-- event_holders (0057) finds a camp order's own payment by order_id; nothing else changes.
CREATE OR REPLACE FUNCTION event_holders(p_event_id integer, p_at timestamptz)
RETURNS TABLE (order_id integer, places integer, sleepover_places integer) LANGUAGE sql VOLATILE AS $$
  SELECT o.id,
         CASE WHEN o.owner_kind = 'camp' THEN 1 ELSE o.places END,
         CASE WHEN o.owner_kind <> 'camp' THEN 0
              WHEN (SELECT (a.answers->>'sleepover')::boolean FROM event_positions a
                     WHERE a.order_id = o.id AND a.position = 0 AND a.kind = 'athlete') THEN 1
              ELSE 0 END
    FROM event_orders o
   WHERE o.event_id = p_event_id
     AND o.status IN ('confirmed', 'pending_payment', 'waiting')
     AND (o.status = 'confirmed'
          OR (o.status = 'pending_payment'
              AND (o.owner_kind = 'order'
                   OR EXISTS (SELECT 1 FROM event_payments p
                               WHERE p.order_id = o.id AND p.state NOT IN ('failed', 'aborted', 'expired', 'terminated'))
                   OR EXISTS (SELECT 1 FROM payment_shares s JOIN event_payments p ON p.id = s.payment_id
                               WHERE s.registration_id = o.id AND p.state NOT IN ('failed', 'aborted', 'expired', 'terminated'))))
          OR (o.status = 'waiting'
              AND EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state = 'offered' AND w.expires_at > p_at)))
$$;
