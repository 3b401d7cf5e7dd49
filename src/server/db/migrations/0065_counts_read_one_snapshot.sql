-- The place count reads one moment of the database. The counting functions were VOLATILE, and on PostgreSQL at READ
-- COMMITTED each statement in a VOLATILE function takes a new snapshot: a count could add up the holders before a
-- waiting-list offer committed and the line after it, and show a place too many (the holders without the offered
-- athlete, the line without them either). As STABLE they read the snapshot of the statement that calls them. They
-- only read, so nothing else changes; `event_orders_decide` still decides under its lock, in a statement of its own.
ALTER FUNCTION event_holders(integer, timestamptz) STABLE;
--> statement-breakpoint
ALTER FUNCTION event_line_fits(integer, integer, integer) STABLE;
--> statement-breakpoint
ALTER FUNCTION event_places_counted(integer, integer, integer, timestamptz) STABLE;
--> statement-breakpoint
ALTER FUNCTION event_places_held(integer, timestamptz) STABLE;
--> statement-breakpoint
ALTER FUNCTION event_places_open(integer, integer, timestamptz) STABLE;
