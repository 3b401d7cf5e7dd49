-- The camp's payments and the events' share one table: the database itself keeps each side's ledger entries
-- and payment shares on its own side's payments, by a generated owner on each row and a foreign key over both.
ALTER TABLE "event_payments" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS (case when order_id is null then 'camp' else 'order' end) STORED;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_id_owner_unique" UNIQUE("id","owner_kind");--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS (case when order_id is null then 'camp' else 'order' end) STORED;--> statement-breakpoint
ALTER TABLE "payment_shares" ADD COLUMN "owner_kind" text GENERATED ALWAYS AS ('camp') STORED;--> statement-breakpoint
ALTER TABLE "event_ledger_entries" ADD CONSTRAINT "event_ledger_entries_payment_owner_fk" FOREIGN KEY ("payment_id","owner_kind") REFERENCES "public"."event_payments"("id","owner_kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_shares" ADD CONSTRAINT "payment_shares_payment_owner_fk" FOREIGN KEY ("payment_id","owner_kind") REFERENCES "public"."event_payments"("id","owner_kind") ON DELETE no action ON UPDATE no action;
