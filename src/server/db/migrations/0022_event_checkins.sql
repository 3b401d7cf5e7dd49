CREATE TABLE "event_checkin_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_checkin_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer,
	"kind" text NOT NULL,
	"account_username" text NOT NULL,
	"account_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_checkin_actions_kind_check" CHECK ("event_checkin_actions"."kind" in ('checkin', 'undo'))
);
--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_checkin_actions_order_idx" ON "event_checkin_actions" USING btree ("order_id","position","id");