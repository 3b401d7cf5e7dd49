ALTER TABLE "event_orders" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_link_token_hash_unique" UNIQUE("link_token_hash");