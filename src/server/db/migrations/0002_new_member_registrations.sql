CREATE TABLE "new_member_registrations" (
	"registration_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "new_member_registrations_registration_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"draft_id" uuid,
	"registration_date" timestamp with time zone NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age" integer NOT NULL,
	"parent_first_name" text NOT NULL,
	"parent_last_name" text NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"referer" integer NOT NULL,
	CONSTRAINT "new_member_registrations_draft_id_unique" UNIQUE("draft_id"),
	CONSTRAINT "new_member_registrations_referer_check" CHECK ("new_member_registrations"."referer" in (0, 1, 2))
);
--> statement-breakpoint
CREATE INDEX "new_member_registrations_date_idx" ON "new_member_registrations" USING btree ("registration_date");