CREATE TABLE "camp_checkin_refusals" (
	"action_id" uuid PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"kind" text NOT NULL,
	"person_id" text NOT NULL,
	"day" text NOT NULL,
	"amount" integer,
	"method" text,
	"message" text NOT NULL,
	"account_username" text NOT NULL,
	"account_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camp_checkin_refusals" ADD CONSTRAINT "camp_checkin_refusals_registration_id_camp_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_checkin_refusals_registration_idx" ON "camp_checkin_refusals" USING btree ("registration_id");