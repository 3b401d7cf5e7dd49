CREATE TABLE "accounts_chart" (
	"role" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "accounts_chart_number_check" CHECK ("accounts_chart"."number" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "accounts_chart_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_chart_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"changed_at" timestamp with time zone NOT NULL,
	"account" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts_vouchers" (
	"number" integer PRIMARY KEY NOT NULL,
	"ledger_entry_id" integer,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounts_vouchers_entry_unique" UNIQUE("ledger_entry_id"),
	CONSTRAINT "accounts_vouchers_number_check" CHECK ("accounts_vouchers"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts_vouchers" ADD CONSTRAINT "accounts_vouchers_ledger_entry_id_event_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."event_ledger_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_chart_changes_at_idx" ON "accounts_chart_changes" USING btree ("changed_at");