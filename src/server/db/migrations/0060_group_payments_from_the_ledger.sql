-- A group's one Vipps payment no longer keeps a second record of each athlete's part (payment_shares): the
-- payment (the first athlete's) is for every order of the group, an athlete's share is what the ledger says it
-- owed when paying (once captured, the capture's split: its `payment` entries with the payment's id) and its
-- refunds are its `refund` entries with the payment's id (src/server/payments/group-payments.ts). Before the
-- table goes, the upgrade stops on any stored share the ledger and the group would not give back.
DO $$
DECLARE
  share record;
BEGIN
  -- Every share is of a group's one Vipps payment held by the group's first athlete, for an order of that group.
  SELECT s."payment_id", s."registration_id" INTO share FROM "payment_shares" s
   WHERE NOT EXISTS (SELECT 1 FROM "event_payments" p
                       JOIN "event_orders" lead ON lead."id" = p."order_id" AND lead."owner_kind" = 'camp' AND lead."group_id" = lead."order_id"
                       JOIN "event_orders" m ON m."group_id" = lead."group_id" AND m."event_id" = lead."event_id" AND m."owner_kind" = 'camp'
                      WHERE p."id" = s."payment_id" AND p."owner_kind" = 'camp' AND p."method" = 'vipps' AND p."kind" = 'registration'
                        AND m."id" = s."registration_id")
   ORDER BY s."payment_id", s."registration_id" LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'payment_shares (payment %, registration %): not an order of the group whose first athlete holds the payment; nothing was dropped',
      share."payment_id", share."registration_id";
  END IF;
  -- Refunded: each refund queued for an athlete's share added to the share and wrote one refund entry (a refund
  -- Vipps refused later is taken back by a correcting entry, which the share never counted: read now as not
  -- refunded through Vipps, as a payment of one registration reads it).
  SELECT s."payment_id", s."registration_id", s."refunded_amount",
         (SELECT coalesce(sum(l."amount"), 0) FROM "event_ledger_entries" l
           WHERE l."order_id" = s."registration_id" AND l."owner_kind" = 'camp' AND l."payment_id" = s."payment_id"
             AND l."kind" = 'refund' AND l."corrects_id" IS NULL) AS "ledger"
    INTO share FROM "payment_shares" s
   WHERE s."refunded_amount" <> (SELECT coalesce(sum(l."amount"), 0) FROM "event_ledger_entries" l
                                  WHERE l."order_id" = s."registration_id" AND l."owner_kind" = 'camp' AND l."payment_id" = s."payment_id"
                                    AND l."kind" = 'refund' AND l."corrects_id" IS NULL)
   ORDER BY s."payment_id", s."registration_id" LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'payment_shares (payment %, registration %): refunded % kr, the ledger''s refunds % kr; nothing was dropped',
      share."payment_id", share."registration_id", share."refunded_amount", share."ledger";
  END IF;
  -- A payment that took all it asked for: each athlete's share is what its capture brought in for the athlete.
  SELECT s."payment_id", s."registration_id", s."amount",
         (SELECT coalesce(sum(l."amount"), 0) FROM "event_ledger_entries" l
           WHERE l."order_id" = s."registration_id" AND l."owner_kind" = 'camp' AND l."payment_id" = s."payment_id" AND l."kind" = 'payment') AS "ledger"
    INTO share FROM "payment_shares" s JOIN "event_payments" p ON p."id" = s."payment_id"
   WHERE p."captured_amount" >= p."amount"
     AND s."amount" <> (SELECT coalesce(sum(l."amount"), 0) FROM "event_ledger_entries" l
                         WHERE l."order_id" = s."registration_id" AND l."owner_kind" = 'camp' AND l."payment_id" = s."payment_id" AND l."kind" = 'payment')
   ORDER BY s."payment_id", s."registration_id" LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'payment_shares (payment %, registration %): share % kr, the ledger''s money in % kr; nothing was dropped',
      share."payment_id", share."registration_id", share."amount", share."ledger";
  END IF;
END $$;--> statement-breakpoint
-- event_holders (0058): a pending order holds its place while a payment that may still be paid is its own or its
-- group's one payment (the first athlete's); nothing else changes.
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
                   OR EXISTS (SELECT 1 FROM event_orders lead JOIN event_payments p ON p.order_id = lead.id
                               WHERE o.group_id IS NOT NULL AND lead.order_id = o.group_id AND lead.event_id = o.event_id
                                 AND lead.owner_kind = 'camp' AND lead.group_id = lead.order_id
                                 AND p.owner_kind = 'camp' AND p.method = 'vipps' AND p.kind = 'registration'
                                 AND p.state NOT IN ('failed', 'aborted', 'expired', 'terminated'))))
          OR (o.status = 'waiting'
              AND EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state = 'offered' AND w.expires_at > p_at)))
$$;--> statement-breakpoint
DROP TABLE "payment_shares" CASCADE;
