CREATE TABLE "site_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by" text NOT NULL,
	"undo_of" integer
);
--> statement-breakpoint
CREATE TABLE "site_images" (
	"id" text PRIMARY KEY NOT NULL,
	"body" bytea NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_sections" (
	"section" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camp_accounts" DROP CONSTRAINT "camp_accounts_role_check";--> statement-breakpoint
CREATE INDEX "site_changes_section_idx" ON "site_changes" USING btree ("section","id");--> statement-breakpoint
ALTER TABLE "camp_accounts" ADD CONSTRAINT "camp_accounts_role_check" CHECK ("camp_accounts"."role" in ('leder', 'innsjekk', 'redaktør'));