-- A retried camp submission is looked up by its draft alone (the camp's year comes from the event's slug, which the
-- (event_id, draft_id) key cannot use): without this index every family's submission scanned every order.
CREATE INDEX "event_orders_draft_idx" ON "event_orders" USING btree ("draft_id");