-- The camp's places are counted by the same functions as every event's. Before, the camp counted its registrations
-- in TypeScript-built SQL under an advisory lock of its own; now its editions' orders are counted here, by the
-- events' functions, under the event row's lock, and every reader (the decision, the edition's page, the events'
-- list, the admin, the waiting list's offers) asks them. An event's count is unchanged.
--
-- event_holders: the orders of the event holding places at p_at, each with its places and its sleepover places
-- (the one rule of who holds a place):
-- - an event's order: confirmed; waiting for its Vipps payment, whatever that attempt's state (a refused attempt
--   leaves the order holding its places until it is tried again, and one that ends unpaid cancels the order); or
--   waiting with an offer open at p_at.
-- - a camp order (its athlete, one place): confirmed; awaiting payment with an attempt that can still be paid, its
--   own or a group payment it has a share of (an attempt failed, aborted, expired or terminated holds nothing); or
--   waiting with an offer open at p_at. Its sleepover place is its athlete's answer; an event's orders have none.
-- Found through the orders' index on (event_id, status); each order's payments, shares, offers and athlete
-- through their own indexes.
CREATE FUNCTION event_holders(p_event_id integer, p_at timestamptz)
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
              AND ((o.owner_kind = 'order'
                    AND EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state = 'offered' AND w.expires_at > p_at))
                OR (o.owner_kind = 'camp'
                    AND EXISTS (SELECT 1 FROM event_waitlist_offers w
                                 WHERE w.camp_registration_id = o.id AND w.state = 'offered' AND w.expires_at > p_at)))))
$$;
--> statement-breakpoint
-- event_line_fits: as in 0031, over both sides' orders: the waiting line still to be offered (no offer open or
-- expired), first in line first, and whether each order fits in the room p_room leaves when the ones before it that
-- fit have taken theirs. An event's line is kept by when each order came (no rank); the camp's by its rank (one
-- put back in line goes to the end, the admin may move one), then id. A camp order waits for its athlete's place.
CREATE OR REPLACE FUNCTION event_line_fits(p_event_id integer, p_room integer)
RETURNS TABLE (order_id integer, places integer, fits boolean) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer := p_room;
BEGIN
  FOR order_id, places IN SELECT o.id, CASE WHEN o.owner_kind = 'camp' THEN 1 ELSE o.places END FROM event_orders o
     WHERE o.event_id = p_event_id AND o.status = 'waiting'
       AND NOT EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state IN ('offered', 'expired'))
       AND NOT EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.camp_registration_id = o.id AND w.state IN ('offered', 'expired'))
     ORDER BY o.waitlist_rank, CASE WHEN o.owner_kind = 'order' THEN o.created_at END, o.id
  LOOP
    fits := room IS NULL OR places <= room;
    IF fits AND room IS NOT NULL THEN
      room := room - places;
    END IF;
    RETURN NEXT;
  END LOOP;
END $$;
--> statement-breakpoint
-- event_places_counted: what the event's places are at p_at, counted once: the places held, the places a new order
-- may take (the capacity less those held, less what the waiting line takes first; null without a capacity) and the
-- sleepover places held (the camp's second limited thing).
CREATE FUNCTION event_places_counted(p_event_id integer, p_capacity integer, p_at timestamptz)
RETURNS TABLE (held integer, places_open integer, sleepover_held integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer;
BEGIN
  SELECT coalesce(sum(h.places), 0)::integer, coalesce(sum(h.sleepover_places), 0)::integer INTO held, sleepover_held
    FROM event_holders(p_event_id, p_at) h;
  IF p_capacity IS NOT NULL THEN
    room := greatest(0, p_capacity - held);
    places_open := room - coalesce((SELECT sum(f.places) FROM event_line_fits(p_event_id, room) f WHERE f.fits), 0)::integer;
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint
-- event_places_held and event_places_open (0031) answer from the same count.
CREATE OR REPLACE FUNCTION event_places_held(p_event_id integer, p_at timestamptz) RETURNS integer LANGUAGE sql VOLATILE AS $$
  SELECT coalesce(sum(h.places), 0)::integer FROM event_holders(p_event_id, p_at) h
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION event_places_open(p_event_id integer, p_capacity integer, p_at timestamptz) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_capacity IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN (SELECT c.places_open FROM event_places_counted(p_event_id, p_capacity, p_at) c);
END $$;
