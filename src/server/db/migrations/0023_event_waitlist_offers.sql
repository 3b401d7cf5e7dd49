CREATE TABLE "event_waitlist_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_waitlist_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"state" text NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "event_waitlist_offers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "event_waitlist_offers_state_check" CHECK ("event_waitlist_offers"."state" in ('offered', 'accepted', 'declined', 'expired', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ADD CONSTRAINT "event_waitlist_offers_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_waitlist_offers_one_open" ON "event_waitlist_offers" USING btree ("order_id") WHERE "event_waitlist_offers"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "event_waitlist_offers_order_idx" ON "event_waitlist_offers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "event_waitlist_offers_open_idx" ON "event_waitlist_offers" USING btree ("state","expires_at");