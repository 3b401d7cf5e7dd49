CREATE TABLE "camp_edition_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "camp_edition_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"account" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camp_editions" (
	"year" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camp_edition_changes" ADD CONSTRAINT "camp_edition_changes_year_camp_editions_year_fk" FOREIGN KEY ("year") REFERENCES "public"."camp_editions"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_edition_changes_year_idx" ON "camp_edition_changes" USING btree ("year","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "camp_editions_one_current" ON "camp_editions" USING btree ("is_current") WHERE "camp_editions"."is_current";