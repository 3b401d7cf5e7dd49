DROP TABLE "event_order_items" CASCADE;--> statement-breakpoint
DROP TABLE "event_participants" CASCADE;