CREATE TABLE "vipps_report_days" (
	"ledger_id" text NOT NULL,
	"topic" text NOT NULL,
	"ledger_date" date NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"line_count" integer NOT NULL,
	CONSTRAINT "vipps_report_days_ledger_id_topic_ledger_date_pk" PRIMARY KEY("ledger_id","topic","ledger_date")
);
--> statement-breakpoint
CREATE TABLE "vipps_report_lines" (
	"ledger_id" text NOT NULL,
	"topic" text NOT NULL,
	"ledger_date" date NOT NULL,
	"position" integer NOT NULL,
	"entry_type" text NOT NULL,
	"psp_reference" text NOT NULL,
	"reference" text,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"recipient_handle" text,
	CONSTRAINT "vipps_report_lines_ledger_id_topic_ledger_date_position_pk" PRIMARY KEY("ledger_id","topic","ledger_date","position")
);
--> statement-breakpoint
CREATE INDEX "vipps_report_lines_reference_idx" ON "vipps_report_lines" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "vipps_report_lines_psp_reference_idx" ON "vipps_report_lines" USING btree ("psp_reference");