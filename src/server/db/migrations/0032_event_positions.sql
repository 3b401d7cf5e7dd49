CREATE TABLE "event_positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"age" integer,
	"club_id" integer,
	"grade_id" integer,
	"answers" jsonb,
	"item_id" text,
	"item_name" text,
	"variant" text,
	"quantity" integer,
	"price" integer,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "event_positions_position_unique" UNIQUE("order_id","position"),
	CONSTRAINT "event_positions_kind_check" CHECK ("event_positions"."kind" in ('athlete', 'companion', 'item')),
	CONSTRAINT "event_positions_person_check" CHECK ("event_positions"."kind" = 'item' or ("event_positions"."first_name" is not null and "event_positions"."last_name" is not null and "event_positions"."age" is not null and "event_positions"."club_id" is not null and "event_positions"."grade_id" is not null and "event_positions"."answers" is not null)),
	CONSTRAINT "event_positions_item_check" CHECK ("event_positions"."kind" <> 'item' or ("event_positions"."item_id" is not null and "event_positions"."item_name" is not null and "event_positions"."variant" is not null and "event_positions"."quantity" is not null and "event_positions"."price" is not null))
);
--> statement-breakpoint
ALTER TABLE "event_positions" ADD CONSTRAINT "event_positions_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every participant keeps its position (the ledger's charges name it); a sale's lines are numbered after the
-- order's participants, in the order they were written.
INSERT INTO "event_positions" ("order_id", "position", "kind", "first_name", "last_name", "age", "club_id", "grade_id", "answers", "cancelled_at")
SELECT "order_id", "position", 'athlete', "first_name", "last_name", "age", "club_id", "grade_id", "answers", "cancelled_at"
FROM "event_participants" ORDER BY "id";--> statement-breakpoint
INSERT INTO "event_positions" ("order_id", "position", "kind", "item_id", "item_name", "variant", "quantity", "price")
SELECT i."order_id",
  coalesce((SELECT max(p."position") + 1 FROM "event_participants" p WHERE p."order_id" = i."order_id"), 0)
    + (row_number() OVER (PARTITION BY i."order_id" ORDER BY i."id"))::int - 1,
  'item', i."item_id", i."name", i."variant", i."quantity", i."price"
FROM "event_order_items" i ORDER BY i."id";
