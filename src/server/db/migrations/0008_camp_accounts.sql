CREATE TABLE "camp_accounts" (
	"username" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "camp_accounts_role_check" CHECK ("camp_accounts"."role" in ('leder', 'innsjekk'))
);
--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD COLUMN "account" text;--> statement-breakpoint
CREATE INDEX "admin_tokens_account_idx" ON "admin_tokens" USING btree ("area","account");