-- A camp registration's athlete and companions are positions of its order by order_id, as an event order's are
-- (the values of camp_registration_id are the orders' ids already). Their side becomes a plain column the writer
-- sets, still under the foreign key over the order and the side. The orders' ids are one sequence, so no camp
-- position can meet an event order's under (order_id, position): the unique key over both is the check. The view
-- and the places' count that read the athlete by camp_registration_id go first and come back over order_id.
DROP VIEW "camp_registration_view";--> statement-breakpoint
ALTER TABLE "event_positions" ALTER COLUMN "owner_kind" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "event_positions" DROP CONSTRAINT "event_positions_owner_check";--> statement-breakpoint
UPDATE "event_positions" SET "order_id" = "camp_registration_id" WHERE "camp_registration_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "event_positions" DROP CONSTRAINT "event_positions_camp_position_unique";--> statement-breakpoint
ALTER TABLE "event_positions" DROP CONSTRAINT "event_positions_camp_owner_fk";--> statement-breakpoint
ALTER TABLE "event_positions" DROP COLUMN "camp_registration_id";--> statement-breakpoint
ALTER TABLE "event_positions" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_positions" ALTER COLUMN "owner_kind" SET DEFAULT 'order';--> statement-breakpoint
ALTER TABLE "event_positions" ALTER COLUMN "owner_kind" SET NOT NULL;--> statement-breakpoint
-- The camp reads its registrations as this view of the engine's orders and athlete positions (never written to), as in 0049.
CREATE VIEW "camp_registration_view" AS
SELECT o."id",
  -- Guarded, so that a filter on the year evaluated before the join's own condition never casts another kind's slug.
  CASE WHEN e."slug" ~ '^vinterleir-[0-9]{4}$' THEN substr(e."slug", 12)::integer END AS "edition_year", o."draft_id", o."order_id", o."first_name", o."last_name", p."age",
  o."email", o."email_key", o."draft_secret_hash", o."telephone", o."contact_name", p."answers"->>'allergies' AS "allergies",
  p."club_id", p."grade_id", (p."answers"->>'gradering')::boolean AS "gradering", (p."answers"->>'hasLedsager')::boolean AS "has_ledsager",
  p."answers"->>'otherInfo' AS "other_info", (p."answers"->>'sleepover')::boolean AS "sleepover", (p."answers"->>'vegan')::boolean AS "vegan",
  (p."answers"->>'instructor')::integer AS "instructor", (p."answers"->>'public')::boolean AS "public", o."method" = 'vipps' AS "vipps",
  (p."answers"->>'wantsToInstruct')::boolean AS "wants_to_instruct", (p."answers"->>'dataConsent')::boolean AS "data_consent",
  (p."answers"->>'termsAccepted')::boolean AS "terms_accepted", o."status", o."waitlist_rank", o."created_at", o."confirmed_at",
  o."cancelled_at", o."anonymised_at", o."group_id"
FROM "event_orders" o
JOIN "events" e ON e."id" = o."event_id" AND e."kind" = 'vinterleir'
JOIN "event_positions" p ON p."order_id" = o."id" AND p."position" = 0 AND p."kind" = 'athlete';--> statement-breakpoint
-- event_holders (0055) reads the camp athlete's sleepover answer by order_id; nothing else changes.
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
                               WHERE p.camp_registration_id = o.id AND p.state NOT IN ('failed', 'aborted', 'expired', 'terminated'))
                   OR EXISTS (SELECT 1 FROM payment_shares s JOIN event_payments p ON p.id = s.payment_id
                               WHERE s.registration_id = o.id AND p.state NOT IN ('failed', 'aborted', 'expired', 'terminated'))))
          OR (o.status = 'waiting'
              AND EXISTS (SELECT 1 FROM event_waitlist_offers w WHERE w.order_id = o.id AND w.state = 'offered' AND w.expires_at > p_at)))
$$;
