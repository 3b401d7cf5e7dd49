-- A camp registration's changes name its order by order_id, as an event order's do (the values of
-- camp_registration_id are the orders' ids already). The row's side can no longer follow from which column is
-- set, so owner_kind becomes a plain column its writer sets, still under the foreign key over the order and the
-- side: the computed values stay as they are, then the camp's rows move, then the second column goes.
ALTER TABLE "order_changes" ALTER COLUMN "owner_kind" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "order_changes" DROP CONSTRAINT "order_changes_owner_check";--> statement-breakpoint
UPDATE "order_changes" SET "order_id" = "camp_registration_id" WHERE "camp_registration_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_changes" DROP CONSTRAINT "order_changes_camp_owner_fk";--> statement-breakpoint
DROP INDEX "order_changes_camp_registration_idx";--> statement-breakpoint
ALTER TABLE "order_changes" DROP COLUMN "camp_registration_id";--> statement-breakpoint
ALTER TABLE "order_changes" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_changes" ALTER COLUMN "owner_kind" SET DEFAULT 'order';--> statement-breakpoint
ALTER TABLE "order_changes" ALTER COLUMN "owner_kind" SET NOT NULL;
