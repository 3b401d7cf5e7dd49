CREATE TABLE "camp_waitlist_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "camp_waitlist_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"state" text NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "camp_waitlist_offers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "camp_waitlist_offers_state_check" CHECK ("camp_waitlist_offers"."state" in ('offered', 'accepted', 'expired', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "camp_registrations" DROP CONSTRAINT "camp_registrations_status_check";--> statement-breakpoint
ALTER TABLE "camp_registrations" ADD COLUMN "waitlist_rank" integer;--> statement-breakpoint
ALTER TABLE "camp_waitlist_offers" ADD CONSTRAINT "camp_waitlist_offers_registration_id_camp_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "camp_waitlist_offers_one_open" ON "camp_waitlist_offers" USING btree ("registration_id") WHERE "camp_waitlist_offers"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "camp_waitlist_offers_registration_idx" ON "camp_waitlist_offers" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "camp_waitlist_offers_open_idx" ON "camp_waitlist_offers" USING btree ("state","expires_at");--> statement-breakpoint
ALTER TABLE "camp_registrations" ADD CONSTRAINT "camp_registrations_status_check" CHECK ("camp_registrations"."status" in ('pending_payment', 'confirmed', 'cancelled', 'waiting'));