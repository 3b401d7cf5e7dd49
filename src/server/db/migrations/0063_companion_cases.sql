CREATE TABLE "camp_companion_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "camp_companion_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"companion_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"paying_registration_id" integer NOT NULL,
	"cause" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reason" text,
	"amount" integer,
	CONSTRAINT "camp_companion_cases_cause_check" CHECK ("camp_companion_cases"."cause" in ('registration-cancelled', 'companion-cancelled')),
	CONSTRAINT "camp_companion_cases_decision_check" CHECK (("camp_companion_cases"."decision" is null and "camp_companion_cases"."decided_at" is null and "camp_companion_cases"."decided_by" is null)
        or ("camp_companion_cases"."decision" = 'charge' and "camp_companion_cases"."decided_at" is not null and "camp_companion_cases"."decided_by" is not null and "camp_companion_cases"."amount" is not null)
        or ("camp_companion_cases"."decision" = 'free' and "camp_companion_cases"."decided_at" is not null and "camp_companion_cases"."decided_by" is not null and "camp_companion_cases"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "camp_companion_cases" ADD CONSTRAINT "camp_companion_cases_companion_id_event_positions_id_fk" FOREIGN KEY ("companion_id") REFERENCES "public"."event_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_companion_cases" ADD CONSTRAINT "camp_companion_cases_registration_id_event_orders_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_companion_cases" ADD CONSTRAINT "camp_companion_cases_paying_registration_id_event_orders_id_fk" FOREIGN KEY ("paying_registration_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "camp_companion_cases_companion_idx" ON "camp_companion_cases" USING btree ("companion_id");--> statement-breakpoint
CREATE INDEX "camp_companion_cases_registration_idx" ON "camp_companion_cases" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "camp_companion_cases_paying_idx" ON "camp_companion_cases" USING btree ("paying_registration_id");