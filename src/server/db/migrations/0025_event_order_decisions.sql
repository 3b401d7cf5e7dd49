-- What a new event order needs decided under a lock, decided inside the order's one statement
-- (src/server/events/event-order-statement.ts, docs/decisions/0031). Each query in a volatile PL/pgSQL
-- function reads what is committed when it runs, so a count taken after the lock sees every order that held
-- the lock before; the lock is held for one statement and its commit instead of across the server's round trips.

-- Places free for a newcomer at an event with a capacity: the event's row locked; the places held by
-- confirmed orders, orders waiting for their Vipps payment and waiting orders with an offer open at p_at;
-- then the waiting line (waiting orders without an open or expired offer, oldest first) served first, each
-- order that fits taking its places. Null when the event is not published with p_definition any more.
CREATE FUNCTION event_places_free(p_event_id integer, p_definition jsonb, p_capacity integer, p_at timestamptz)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer;
  in_line integer;
BEGIN
  PERFORM 1 FROM events WHERE id = p_event_id AND definition = p_definition AND published_at IS NOT NULL FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT greatest(0, p_capacity - coalesce(sum(o.places), 0)) INTO room FROM event_orders o
   WHERE o.event_id = p_event_id
     AND (o.status IN ('confirmed', 'pending_payment')
          OR (o.status = 'waiting' AND EXISTS (SELECT 1 FROM event_waitlist_offers w
                WHERE w.order_id = o.id AND w.state = 'offered' AND w.expires_at > p_at)));
  FOR in_line IN SELECT o.places FROM event_orders o
     WHERE o.event_id = p_event_id AND o.status = 'waiting'
       AND NOT EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state IN ('offered', 'expired'))
     ORDER BY o.created_at, o.id
  LOOP
    IF in_line <= room THEN
      room := room - in_line;
    END IF;
  END LOOP;
  RETURN room;
END $$;
--> statement-breakpoint

-- The first line of a sale's order that is not in stock in the quantity asked for, as 'item' || chr(31) ||
-- 'size'; null when every line is. The lines' stock rows are locked first, in one order (item, size), so two
-- orders of the same two items never wait for each other; the order's statement then takes the stock.
CREATE FUNCTION event_stock_short(p_event_id integer, p_lines jsonb)
RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  short text;
BEGIN
  PERFORM 1 FROM event_stock s
    JOIN jsonb_to_recordset(p_lines) AS w(item_id text, variant text, quantity integer) USING (item_id, variant)
   WHERE s.event_id = p_event_id
   ORDER BY s.item_id, s.variant
     FOR UPDATE OF s;
  SELECT w.item_id || chr(31) || w.variant INTO short
    FROM jsonb_to_recordset(p_lines) AS w(item_id text, variant text, quantity integer)
    LEFT JOIN event_stock s ON s.event_id = p_event_id AND s.item_id = w.item_id AND s.variant = w.variant
   WHERE s.stock IS NULL OR s.stock < w.quantity
   ORDER BY w.item_id, w.variant
   LIMIT 1;
  RETURN short;
END $$;
