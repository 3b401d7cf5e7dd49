DROP INDEX "event_ledger_entries_order_idx";--> statement-breakpoint
DROP INDEX "event_ledger_entries_camp_registration_idx";--> statement-breakpoint
DROP INDEX "event_ledger_entries_camp_payment_idx";--> statement-breakpoint
CREATE INDEX "event_ledger_entries_order_idx" ON "event_ledger_entries" USING btree ("order_id") WHERE "event_ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "event_ledger_entries_camp_registration_idx" ON "event_ledger_entries" USING btree ("camp_registration_id") WHERE "event_ledger_entries"."camp_registration_id" is not null;--> statement-breakpoint
CREATE INDEX "event_ledger_entries_camp_payment_idx" ON "event_ledger_entries" USING btree ("camp_payment_id") WHERE "event_ledger_entries"."camp_payment_id" is not null;