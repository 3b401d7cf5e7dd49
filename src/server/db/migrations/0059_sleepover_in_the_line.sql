-- The sleepover place is a second size of the line's rule. Before, the rule of the line knew only places, so a camp
-- athlete waiting with a sleepover was offered a freed place while every sleepover place was held, and the sleepover
-- was sold once too often. Now a waiting order fits only when both its places and its sleepover places are free (an
-- event's order and an athlete who does not sleep over take no sleepover place, so they need only places); the line
-- keeps its order, and one behind may pass one that does not fit, as a smaller family already passes a larger one.
-- Only functions change: no row moves.
DROP FUNCTION event_line_fits(integer, integer);
--> statement-breakpoint
-- event_line_fits: as in 0055, with p_sleepover_room beside p_room (null: no limit): the waiting line still to be
-- offered (no offer open or expired), first in line first, each order with its places and its sleepover places
-- (its camp athlete's answer, as event_holders counts it) and whether it fits in what p_room and p_sleepover_room
-- leave when the ones before it that fit have taken theirs.
CREATE FUNCTION event_line_fits(p_event_id integer, p_room integer, p_sleepover_room integer)
RETURNS TABLE (order_id integer, places integer, sleepover_places integer, fits boolean) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer := p_room;
  sleepover_room integer := p_sleepover_room;
BEGIN
  FOR order_id, places, sleepover_places IN
    SELECT o.id,
           CASE WHEN o.owner_kind = 'camp' THEN 1 ELSE o.places END,
           CASE WHEN o.owner_kind <> 'camp' THEN 0
                WHEN (SELECT (a.answers->>'sleepover')::boolean FROM event_positions a
                       WHERE a.order_id = o.id AND a.position = 0 AND a.kind = 'athlete') THEN 1
                ELSE 0 END
      FROM event_orders o
     WHERE o.event_id = p_event_id AND o.status = 'waiting'
       AND NOT EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state IN ('offered', 'expired'))
     ORDER BY o.waitlist_rank, CASE WHEN o.owner_kind = 'order' THEN o.created_at END, o.id
  LOOP
    fits := (room IS NULL OR places <= room) AND (sleepover_room IS NULL OR sleepover_places <= sleepover_room);
    IF fits THEN
      room := room - places;
      sleepover_room := sleepover_room - sleepover_places;
    END IF;
    RETURN NEXT;
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION event_places_counted(integer, integer, timestamptz);
--> statement-breakpoint
-- event_places_counted: as in 0052, with the sleepover capacity (null: no limit): the places held, the places a new
-- order may take (null without a capacity), the sleepover places held, and the sleepover places a new order may
-- take (the sleepover capacity less those held, less what the waiting line takes first; null without one). The
-- line is gone through with both rooms, so one waiting for a sleepover place that is not free leaves its place open.
CREATE FUNCTION event_places_counted(p_event_id integer, p_capacity integer, p_sleepover_capacity integer, p_at timestamptz)
RETURNS TABLE (held integer, places_open integer, sleepover_held integer, sleepover_open integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer;
  sleepover_room integer;
  line_places integer;
  line_sleepovers integer;
BEGIN
  SELECT coalesce(sum(h.places), 0)::integer, coalesce(sum(h.sleepover_places), 0)::integer INTO held, sleepover_held
    FROM event_holders(p_event_id, p_at) h;
  IF p_capacity IS NOT NULL OR p_sleepover_capacity IS NOT NULL THEN
    IF p_capacity IS NOT NULL THEN
      room := greatest(0, p_capacity - held);
    END IF;
    IF p_sleepover_capacity IS NOT NULL THEN
      sleepover_room := greatest(0, p_sleepover_capacity - sleepover_held);
    END IF;
    SELECT coalesce(sum(f.places) FILTER (WHERE f.fits), 0)::integer, coalesce(sum(f.sleepover_places) FILTER (WHERE f.fits), 0)::integer
      INTO line_places, line_sleepovers
      FROM event_line_fits(p_event_id, room, sleepover_room) f;
    places_open := room - line_places;
    sleepover_open := sleepover_room - line_sleepovers;
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint
-- event_places_open (0052) answers from the same count; an event has no sleepover places.
CREATE OR REPLACE FUNCTION event_places_open(p_event_id integer, p_capacity integer, p_at timestamptz) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_capacity IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN (SELECT c.places_open FROM event_places_counted(p_event_id, p_capacity, NULL, p_at) c);
END $$;
