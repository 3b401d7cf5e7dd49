-- Each side's rows name only its own side's orders, kept by the database: an order is the camp's when its event is
-- a camp edition (a foreign key over the event and the order's side), and every row that names an order by
-- order_id (an event's) or camp_registration_id (the camp's) carries its side, with a foreign key over both.
ALTER TABLE "camp_checkin_refusals" DROP CONSTRAINT "camp_checkin_refusals_registration_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "payment_shares" DROP CONSTRAINT "payment_shares_registration_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_checkin_actions" DROP CONSTRAINT "event_checkin_actions_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_checkin_actions" DROP CONSTRAINT "event_checkin_actions_camp_registration_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_ledger_entries" DROP CONSTRAINT "event_ledger_entries_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_ledger_entries" DROP CONSTRAINT "event_ledger_entries_camp_registration_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_orders" DROP CONSTRAINT "event_orders_event_id_events_id_fk";--> statement-breakpoint
ALTER TABLE "event_payments" DROP CONSTRAINT "event_payments_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_payments" DROP CONSTRAINT "event_payments_camp_registration_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_positions" DROP CONSTRAINT "event_positions_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_positions" DROP CONSTRAINT "event_positions_camp_registration_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" DROP CONSTRAINT "event_waitlist_offers_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" DROP CONSTRAINT "event_waitlist_offers_camp_registration_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "family_links" DROP CONSTRAINT "family_links_camp_registration_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "family_links" DROP CONSTRAINT "family_links_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_changes" DROP CONSTRAINT "order_changes_order_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_changes" DROP CONSTRAINT "order_changes_camp_registration_id_event_orders_id_fk";--> statement-breakpoint
ALTER TABLE "camp_checkin_refusals" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS ('camp') STORED;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS (case when order_id is null then 'camp' else 'order' end) STORED;--> statement-breakpoint
ALTER TABLE "event_orders" ADD COLUMN "owner_kind" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_positions" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS (case when order_id is null then 'camp' else 'order' end) STORED;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS (case when order_id is null then 'camp' else 'order' end) STORED;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS (case when kind = 'vinterleir' then 'camp' else 'order' end) STORED;--> statement-breakpoint
ALTER TABLE "family_links" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS (case when order_id is not null then 'order' when camp_registration_id is not null then 'camp' end) STORED;--> statement-breakpoint
ALTER TABLE "order_changes" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS (case when order_id is null then 'camp' else 'order' end) STORED;--> statement-breakpoint
-- A camp registration's order is the camp's; every other order is an event's.
UPDATE "event_orders" SET "owner_kind" = 'camp' WHERE "event_id" IN (SELECT "id" FROM "events" WHERE "kind" = 'vinterleir');--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_id_owner_unique" UNIQUE("id","owner_kind");--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_id_owner_unique" UNIQUE("id","owner_kind");--> statement-breakpoint
ALTER TABLE "camp_checkin_refusals" ADD CONSTRAINT "camp_checkin_refusals_registration_owner_fk" FOREIGN KEY ("registration_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_shares" ADD CONSTRAINT "payment_shares_registration_owner_fk" FOREIGN KEY ("registration_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_order_owner_fk" FOREIGN KEY ("order_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_checkin_actions" ADD CONSTRAINT "event_checkin_actions_camp_owner_fk" FOREIGN KEY ("camp_registration_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_order_owner_fk" FOREIGN KEY ("order_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_camp_owner_fk" FOREIGN KEY ("camp_registration_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_event_owner_fk" FOREIGN KEY ("event_id","owner_kind") REFERENCES "public"."events"("id","owner_kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_order_owner_fk" FOREIGN KEY ("order_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_camp_owner_fk" FOREIGN KEY ("camp_registration_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_positions" ADD CONSTRAINT "event_positions_order_owner_fk" FOREIGN KEY ("order_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_positions" ADD CONSTRAINT "event_positions_camp_owner_fk" FOREIGN KEY ("camp_registration_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ADD CONSTRAINT "event_waitlist_offers_order_owner_fk" FOREIGN KEY ("order_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist_offers" ADD CONSTRAINT "event_waitlist_offers_camp_owner_fk" FOREIGN KEY ("camp_registration_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_order_owner_fk" FOREIGN KEY ("order_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_camp_owner_fk" FOREIGN KEY ("camp_registration_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_owner_fk" FOREIGN KEY ("order_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_camp_owner_fk" FOREIGN KEY ("camp_registration_id","owner_kind") REFERENCES "public"."event_orders"("id","owner_kind") ON DELETE cascade ON UPDATE no action;
