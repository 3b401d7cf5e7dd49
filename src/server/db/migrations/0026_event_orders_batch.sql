-- New event orders that arrive together are written by one statement (src/server/events/event-order-statement.ts,
-- docs/decisions/0033): what 0025 decided for one order under a lock, this function decides for a batch of
-- orders of one event, in the order given, each seeing the places and stock the ones before it took. Each
-- query in a volatile PL/pgSQL function reads what is committed when it runs, so counts taken after the locks
-- see every order that held them before.
--
-- p_orders: [{order_id, draft_id, places, lines: [{item_id, variant, quantity}]}], oldest first.
-- With p_capacity: places are decided (the event's row locked for update; the places held by confirmed
-- orders, orders waiting for their Vipps payment and waiting orders with an offer open at p_at; the waiting
-- line, oldest first, served first, each order that fits taking its places; then each new order in turn).
-- With lines: stock is decided (the event's row share-locked as a leader's save would, then every line's stock
-- row locked in one order, item then size; an order takes all its lines or none, and `short_line` names its first
-- short line). Otherwise only the event is checked, under a share lock.
-- Answers one row per order (`order_ref`, `fits`, `short_line`); no row at all when the event is not published with p_definition.
-- An order whose draft is already stored fits without taking anything: its insert will meet the unique key.
DROP FUNCTION event_places_free(integer, jsonb, integer, timestamptz);
--> statement-breakpoint
DROP FUNCTION event_stock_short(integer, jsonb);
--> statement-breakpoint
CREATE FUNCTION event_orders_decide(p_event_id integer, p_definition jsonb, p_capacity integer, p_at timestamptz, p_orders jsonb)
RETURNS TABLE (order_ref text, fits boolean, short_line text) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  room integer;
  in_line integer;
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
