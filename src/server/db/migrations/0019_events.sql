CREATE TABLE "event_ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"kind" text NOT NULL,
	"person" text,
	"item" text,
	"label" text,
	"method" text,
	"amount" integer NOT NULL,
	"payment_id" integer,
	"corrects_id" integer,
	CONSTRAINT "event_ledger_entries_kind_check" CHECK ("event_ledger_entries"."kind" in ('charge', 'payment', 'refund', 'refund-owed', 'refund-paid'))
);
--> statement-breakpoint
CREATE TABLE "event_order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"name" text NOT NULL,
	"variant" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"draft_id" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"amount" integer NOT NULL,
	"places" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"anonymised_at" timestamp with time zone,
	CONSTRAINT "event_orders_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "event_orders_draft_unique" UNIQUE("event_id","draft_id"),
	CONSTRAINT "event_orders_status_check" CHECK ("event_orders"."status" in ('confirmed', 'pending_payment', 'waiting', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "event_participants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age" integer NOT NULL,
	"club_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	CONSTRAINT "event_participants_position_unique" UNIQUE("order_id","position")
);
--> statement-breakpoint
CREATE TABLE "event_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"vipps_state" text,
	"redirect_url" text,
	"authorized_amount" integer DEFAULT 0 NOT NULL,
	"captured_amount" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "event_stock" (
	"event_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"variant" text NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "event_stock_variant_unique" UNIQUE("event_id","item_id","variant"),
	CONSTRAINT "event_stock_not_negative" CHECK ("event_stock"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"definition" jsonb NOT NULL,
	"last_day" text NOT NULL,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug"),
	CONSTRAINT "events_kind_check" CHECK ("events"."kind" in ('gradering', 'kurs', 'salg'))
);
--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_payment_id_event_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."event_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_corrects_id_event_ledger_entries_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."event_ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_order_items" ADD CONSTRAINT "event_order_items_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stock" ADD CONSTRAINT "event_stock_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_ledger_entries_order_idx" ON "event_ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "event_order_items_order_idx" ON "event_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "event_orders_event_idx" ON "event_orders" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "event_payments_order_idx" ON "event_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "event_payments_next_check_idx" ON "event_payments" USING btree ("next_check_at");