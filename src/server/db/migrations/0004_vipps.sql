ALTER TABLE "payments" ADD COLUMN "vipps_state" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "authorized_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancelled_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settle" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pending_refund_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pending_refund_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "payments_next_check_idx" ON "payments" USING btree ("next_check_at");