CREATE TABLE "camp_checkin_actions" (
	"action_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "camp_checkin_actions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"registration_id" integer NOT NULL,
	"person_id" text NOT NULL,
	"day" text NOT NULL,
	"amount" integer,
	"payment_id" integer,
	"money_action_id" integer,
	"undone_by" uuid,
	"account_username" text NOT NULL,
	"account_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "camp_checkin_actions_kind_check" CHECK ("camp_checkin_actions"."kind" in ('checkin', 'undo-checkin', 'payment', 'undo-payment'))
);
--> statement-breakpoint
CREATE TABLE "camp_checkin_secret" (
	"id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camp_checkin_secret_single_row" CHECK ("camp_checkin_secret"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "camp_checkins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "camp_checkins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"person_id" text NOT NULL,
	"day" text NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" text NOT NULL,
	CONSTRAINT "camp_checkins_person_day_unique" UNIQUE("person_id","day")
);
--> statement-breakpoint
ALTER TABLE "camp_checkin_actions" ADD CONSTRAINT "camp_checkin_actions_registration_id_camp_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_checkin_actions" ADD CONSTRAINT "camp_checkin_actions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_checkin_actions" ADD CONSTRAINT "camp_checkin_actions_money_action_id_money_actions_id_fk" FOREIGN KEY ("money_action_id") REFERENCES "public"."money_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_checkins" ADD CONSTRAINT "camp_checkins_registration_id_camp_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_checkin_actions_registration_idx" ON "camp_checkin_actions" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "camp_checkins_registration_idx" ON "camp_checkins" USING btree ("registration_id");--> statement-breakpoint
-- The check-in codes' key: 244 bits from the database's strong random source (gen_random_uuid), made once.
INSERT INTO "camp_checkin_secret" ("id", "secret") VALUES (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')) ON CONFLICT DO NOTHING;
