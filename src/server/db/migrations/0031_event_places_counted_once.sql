-- An event's places are counted in one place, the database, and every reader asks it: the order statement's
-- decision (event_orders_decide), the event's page and list, the admin, the waiting list's offers and a
-- cancellation's freed places. Before, the page and the waiting list counted in TypeScript beside the
-- decision's PL/pgSQL.
--
-- event_places_held: the places held at p_at by confirmed orders, orders waiting for their Vipps payment and
-- waiting orders with an offer open at p_at.
CREATE FUNCTION event_places_held(p_event_id integer, p_at timestamptz) RETURNS integer LANGUAGE sql VOLATILE AS $$
  SELECT coalesce(sum(o.places), 0)::integer FROM event_orders o
   WHERE o.event_id = p_event_id
     AND (o.status IN ('confirmed', 'pending_payment')
          OR (o.status = 'waiting' AND EXISTS (SELECT 1 FROM event_waitlist_offers w
                WHERE w.order_id = o.id AND w.state = 'offered' AND w.expires_at > p_at)))
$$;
--> statement-breakpoint
-- event_line_fits: the waiting line still to be offered (no offer open or expired), oldest first, and whether
-- each order fits in the room p_room leaves when the ones before it that fit have taken theirs (the first in
-- line whose size fits goes first; a family never split). A null p_room is no limit.
CREATE FUNCTION event_line_fits(p_event_id integer, p_room integer)
RETURNS TABLE (order_id integer, places integer, fits boolean) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer := p_room;
BEGIN
  FOR order_id, places IN SELECT o.id, o.places FROM event_orders o
     WHERE o.event_id = p_event_id AND o.status = 'waiting'
       AND NOT EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state IN ('offered', 'expired'))
     ORDER BY o.created_at, o.id
  LOOP
    fits := room IS NULL OR places <= room;
    IF fits AND room IS NOT NULL THEN
      room := room - places;
    END IF;
    RETURN NEXT;
  END LOOP;
END $$;
--> statement-breakpoint
-- event_places_open: the places a new order may take at p_at: the capacity less the places held, less the
-- places the waiting line takes first. Null without a capacity.
CREATE FUNCTION event_places_open(p_event_id integer, p_capacity integer, p_at timestamptz) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer;
BEGIN
  IF p_capacity IS NULL THEN
    RETURN NULL;
  END IF;
  room := greatest(0, p_capacity - event_places_held(p_event_id, p_at));
  RETURN room - coalesce((SELECT sum(f.places) FROM event_line_fits(p_event_id, room) f WHERE f.fits), 0)::integer;
END $$;
--> statement-breakpoint
-- The decision asks the same count as every reader (its body otherwise as in 0026).
CREATE OR REPLACE FUNCTION event_orders_decide(p_event_id integer, p_definition jsonb, p_capacity integer, p_at timestamptz, p_orders jsonb)
RETURNS TABLE (order_ref text, fits boolean, short_line text) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer;
  incoming record;
  wanted record;
  stock jsonb := '{}'::jsonb;
  first_short text;
BEGIN
  IF p_capacity IS NOT NULL THEN
    PERFORM 1 FROM events e WHERE e.id = p_event_id AND e.definition = p_definition AND e.published_at IS NOT NULL FOR UPDATE;
  ELSE
    PERFORM 1 FROM events e WHERE e.id = p_event_id AND e.definition = p_definition AND e.published_at IS NOT NULL FOR SHARE;
  END IF;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  IF p_capacity IS NOT NULL THEN
    room := event_places_open(p_event_id, p_capacity, p_at);
  END IF;

  -- Every line's stock row, locked in one order; what is left of each, by item and size.
  SELECT coalesce(jsonb_object_agg(s.item_id || chr(31) || s.variant, s.stock), '{}'::jsonb) INTO stock FROM (
    SELECT s.item_id, s.variant, s.stock FROM event_stock s
     WHERE s.event_id = p_event_id
       AND (s.item_id, s.variant) IN (SELECT l.item_id, l.variant
             FROM jsonb_array_elements(p_orders) AS o(value),
                  jsonb_to_recordset(o.value -> 'lines') AS l(item_id text, variant text, quantity integer))
     ORDER BY s.item_id, s.variant
       FOR UPDATE OF s) s;

  FOR incoming IN SELECT o.value ->> 'order_id' AS id, o.value ->> 'draft_id' AS draft_id, (o.value ->> 'places')::integer AS places,
                         coalesce(o.value -> 'lines', '[]'::jsonb) AS lines
                    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS o(value, n) ORDER BY o.n
  LOOP
    order_ref := incoming.id;
    short_line := NULL;
    IF EXISTS (SELECT 1 FROM event_orders o WHERE o.event_id = p_event_id AND o.draft_id = incoming.draft_id) THEN
      fits := true;
    ELSIF p_capacity IS NOT NULL THEN
      fits := incoming.places <= room;
      IF fits THEN
        room := room - incoming.places;
      END IF;
    ELSIF jsonb_array_length(incoming.lines) > 0 THEN
      SELECT l.item_id || chr(31) || l.variant INTO first_short
        FROM (SELECT w.item_id, w.variant, sum(w.quantity) AS quantity
                FROM jsonb_to_recordset(incoming.lines) AS w(item_id text, variant text, quantity integer) GROUP BY 1, 2) l
       WHERE coalesce((stock ->> (l.item_id || chr(31) || l.variant))::integer, -1) < l.quantity
       ORDER BY l.item_id, l.variant
       LIMIT 1;
      fits := first_short IS NULL;
      IF fits THEN
        FOR wanted IN SELECT w.item_id || chr(31) || w.variant AS line, sum(w.quantity)::integer AS quantity
                        FROM jsonb_to_recordset(incoming.lines) AS w(item_id text, variant text, quantity integer) GROUP BY 1
        LOOP
          stock := jsonb_set(stock, ARRAY[wanted.line], to_jsonb((stock ->> wanted.line)::integer - wanted.quantity));
        END LOOP;
      ELSE
        short_line := first_short;
      END IF;
    ELSE
      fits := true;
    END IF;
    RETURN NEXT;
  END LOOP;
END $$;
