-- A camp registration's waiting-list offers name its order by order_id, as an event order's do (the values of
-- camp_registration_id are the orders' ids already, one sequence with the events' orders, so the one open offer
-- per order holds across both sides). The row's side becomes a plain column its writer sets, still under the
-- foreign key over the order and the side: the computed values stay, then the camp's rows move, then the
-- second column goes.
ALTER TABLE "event_waitlist_offers" ALTER COLUMN "owner_kind" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" DROP CONSTRAINT "event_waitlist_offers_owner_check";--> statement-breakpoint
UPDATE "event_waitlist_offers" SET "order_id" = "camp_registration_id" WHERE "camp_registration_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" DROP CONSTRAINT "event_waitlist_offers_camp_owner_fk";--> statement-breakpoint
DROP INDEX "event_waitlist_offers_one_open_camp";--> statement-breakpoint
DROP INDEX "event_waitlist_offers_camp_registration_idx";--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" DROP COLUMN "camp_registration_id";--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ALTER COLUMN "owner_kind" SET DEFAULT 'order';--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ALTER COLUMN "owner_kind" SET NOT NULL;
--> statement-breakpoint
-- event_holders (0052) finds either side's open offer by order_id now; nothing else changes.
CREATE OR REPLACE FUNCTION event_holders(p_event_id integer, p_at timestamptz)
RETURNS TABLE (order_id integer, places integer, sleepover_places integer) LANGUAGE sql VOLATILE AS $$
  SELECT o.id,
         CASE WHEN o.owner_kind = 'camp' THEN 1 ELSE o.places END,
         CASE WHEN o.owner_kind <> 'camp' THEN 0
              WHEN (SELECT (a.answers->>'sleepover')::boolean FROM event_positions a
                     WHERE a.camp_registration_id = o.id AND a.position = 0 AND a.kind = 'athlete') THEN 1
              ELSE 0 END
    FROM event_orders o
   WHERE o.event_id = p_event_id
     AND o.status IN ('confirmed', 'pending_payment', 'waiting')
     AND (o.status = 'confirmed'
          OR (o.status = 'pending_payment'
              AND (o.owner_kind = 'order'
                   OR EXISTS (SELECT 1 FROM event_payments p
                               WHERE p.camp_registration_id = o.id AND p.state NOT IN ('failed', 'aborted', 'expired', 'terminated'))
                   OR EXISTS (SELECT 1 FROM payment_shares s JOIN event_payments p ON p.id = s.payment_id
                               WHERE s.registration_id = o.id AND p.state NOT IN ('failed', 'aborted', 'expired', 'terminated'))))
          OR (o.status = 'waiting'
              AND EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state = 'offered' AND w.expires_at > p_at)))
$$;
--> statement-breakpoint
-- event_line_fits (0052): an order of either side with an offer open or expired is out of the line still to be
-- offered, found by order_id.
CREATE OR REPLACE FUNCTION event_line_fits(p_event_id integer, p_room integer)
RETURNS TABLE (order_id integer, places integer, fits boolean) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer := p_room;
BEGIN
  FOR order_id, places IN SELECT o.id, CASE WHEN o.owner_kind = 'camp' THEN 1 ELSE o.places END FROM event_orders o
     WHERE o.event_id = p_event_id AND o.status = 'waiting'
       AND NOT EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state IN ('offered', 'expired'))
     ORDER BY o.waitlist_rank, CASE WHEN o.owner_kind = 'order' THEN o.created_at END, o.id
  LOOP
    fits := room IS NULL OR places <= room;
    IF fits AND room IS NOT NULL THEN
      room := room - places;
    END IF;
    RETURN NEXT;
  END LOOP;
END $$;
