-- The camp's links to «Min påmelding» and the events' links to an order's page become one table. Every link keeps
-- its hash, so every link already mailed keeps opening what it opened.
CREATE TABLE "family_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "family_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"email_key" text,
	"camp_registration_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "family_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "family_links_scope_check" CHECK (num_nonnulls("family_links"."email_key", "family_links"."camp_registration_id", "family_links"."order_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_camp_registration_id_camp_registrations_id_fk" FOREIGN KEY ("camp_registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_links_email_key_idx" ON "family_links" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "family_links_camp_registration_idx" ON "family_links" USING btree ("camp_registration_id");--> statement-breakpoint
CREATE INDEX "family_links_order_idx" ON "family_links" USING btree ("order_id");--> statement-breakpoint
-- The camp's links in the order they were made, with whether and when each was first opened (an unopened one expires).
INSERT INTO "family_links" ("token_hash", "email_key", "camp_registration_id", "created_at", "used_at")
SELECT "token_hash", "email_key", "registration_id", "created_at", "used_at" FROM "camp_personal_links" ORDER BY "id";--> statement-breakpoint
-- An order's confirmation link was stored on the order when the confirmation was queued: when it was confirmed.
INSERT INTO "family_links" ("token_hash", "order_id", "created_at")
SELECT "token_hash", "order_id", "created_at" FROM (
  SELECT "link_token_hash" AS "token_hash", "id" AS "order_id", coalesce("confirmed_at", "created_at") AS "created_at", 0 AS "source", "id" FROM "event_orders" WHERE "link_token_hash" IS NOT NULL
  UNION ALL
  SELECT "token_hash", "order_id", "created_at", 1, "id" FROM "event_order_links"
) AS "links" ORDER BY "created_at", "source", "id";--> statement-breakpoint
DROP TABLE "camp_personal_links" CASCADE;--> statement-breakpoint
DROP TABLE "event_order_links" CASCADE;--> statement-breakpoint
ALTER TABLE "event_orders" DROP CONSTRAINT "event_orders_link_token_hash_unique";--> statement-breakpoint
ALTER TABLE "event_orders" DROP COLUMN "link_token_hash";
