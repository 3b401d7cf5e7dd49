ALTER TABLE "camp_waitlist_offers" DROP CONSTRAINT "camp_waitlist_offers_state_check";--> statement-breakpoint
DROP INDEX "camp_editions_one_current";--> statement-breakpoint
ALTER TABLE "camp_editions" DROP COLUMN "is_current";--> statement-breakpoint
ALTER TABLE "camp_waitlist_offers" ADD CONSTRAINT "camp_waitlist_offers_state_check" CHECK ("camp_waitlist_offers"."state" in ('offered', 'accepted', 'declined', 'expired', 'withdrawn'));