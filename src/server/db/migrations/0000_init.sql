CREATE TABLE "admin_credentials" (
	"area" text PRIMARY KEY NOT NULL,
	"username" text,
	"password_hash" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_login_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_address" text NOT NULL,
	"account" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"club_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"grade_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"grade" double precision NOT NULL,
	"is_dan" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_login_attempts_client_idx" ON "admin_login_attempts" USING btree ("client_address","attempted_at");--> statement-breakpoint
CREATE INDEX "admin_login_attempts_account_idx" ON "admin_login_attempts" USING btree ("account","attempted_at");--> statement-breakpoint
CREATE INDEX "admin_tokens_expires_at_idx" ON "admin_tokens" USING btree ("expires_at");