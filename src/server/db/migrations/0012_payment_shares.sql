CREATE TABLE "payment_shares" (
	"payment_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_shares_payment_id_registration_id_pk" PRIMARY KEY("payment_id","registration_id")
);
--> statement-breakpoint
ALTER TABLE "payment_shares" ADD CONSTRAINT "payment_shares_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_shares" ADD CONSTRAINT "payment_shares_registration_id_camp_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."camp_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_shares_registration_idx" ON "payment_shares" USING btree ("registration_id");