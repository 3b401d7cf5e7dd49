CREATE TABLE "camp_companions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "camp_companions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"position" integer NOT NULL,
	"client_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age" integer NOT NULL,
	"telephone" text NOT NULL,
	"email" text NOT NULL,
	"sleepover" boolean NOT NULL,
	"already_registered" boolean NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "camp_companions_position_unique" UNIQUE("registration_id","position")
);
--> statement-breakpoint
CREATE TABLE "camp_price_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "camp_price_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "camp_price_lines_position_unique" UNIQUE("registration_id","position")
);
--> statement-breakpoint
CREATE TABLE "camp_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "camp_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_year" integer NOT NULL,
	"draft_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age" integer NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"allergies" text NOT NULL,
	"club_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"gradering" boolean NOT NULL,
	"has_ledsager" boolean NOT NULL,
	"other_info" text NOT NULL,
	"sleepover" boolean NOT NULL,
	"vegan" boolean NOT NULL,
	"instructor" integer NOT NULL,
	"public" boolean NOT NULL,
	"vipps" boolean NOT NULL,
	"wants_to_instruct" boolean NOT NULL,
	"data_consent" boolean NOT NULL,
	"terms_accepted" boolean NOT NULL,
	"total" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"anonymised_at" timestamp with time zone,
	CONSTRAINT "camp_registrations_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "camp_registrations_edition_draft_unique" UNIQUE("edition_year","draft_id"),
	CONSTRAINT "camp_registrations_status_check" CHECK ("camp_registrations"."status" in ('pending_payment', 'confirmed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "money_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"amount" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"reference" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"captured_amount" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('vipps', 'card_cash', 'free'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dedupe_key" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "camp_companions" ADD CONSTRAINT "camp_companions_registration_id_camp_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_price_lines" ADD CONSTRAINT "camp_price_lines_registration_id_camp_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_registrations" ADD CONSTRAINT "camp_registrations_club_id_clubs_club_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("club_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_registrations" ADD CONSTRAINT "camp_registrations_grade_id_grades_grade_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("grade_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_actions" ADD CONSTRAINT "money_actions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_camp_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_registrations_edition_status_idx" ON "camp_registrations" USING btree ("edition_year","status");--> statement-breakpoint
CREATE INDEX "money_actions_payment_idx" ON "money_actions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_registration_idx" ON "payments" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");