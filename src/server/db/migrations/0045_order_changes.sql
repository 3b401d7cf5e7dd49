-- What a family or a leader changed is the engine's change log; a camp registration's changes name it until it is an order.
CREATE TABLE "order_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer,
	"camp_registration_id" integer,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"summary" text NOT NULL,
	CONSTRAINT "order_changes_owner_check" CHECK (("order_changes"."order_id" is null) <> ("order_changes"."camp_registration_id" is null))
);
--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_camp_registration_id_camp_registrations_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_changes_order_idx" ON "order_changes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_changes_camp_registration_idx" ON "order_changes" USING btree ("camp_registration_id");--> statement-breakpoint
-- Every camp change moves with its id (the log orders by time, then by id), in the order it was written.
INSERT INTO "order_changes" ("id", "camp_registration_id", "at", "actor", "summary") OVERRIDING SYSTEM VALUE
SELECT "id", "registration_id", "at", "actor", "summary" FROM "camp_registration_changes" ORDER BY "id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"order_changes"', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "order_changes"), false);--> statement-breakpoint
DROP TABLE "camp_registration_changes" CASCADE;
