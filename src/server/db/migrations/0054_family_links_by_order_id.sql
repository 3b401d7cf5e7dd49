-- A camp submission link names its registration's order by order_id, as an event order's link does (the values
-- of camp_registration_id are the orders' ids already). The link's side becomes a plain column its writer sets,
-- still under the foreign key over the order and the side; an address's link (email_key), which had no side, is
-- the camp's. The computed values stay, then the camp's links move, then the second column goes.
ALTER TABLE "family_links" ALTER COLUMN "owner_kind" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "family_links" DROP CONSTRAINT "family_links_scope_check";--> statement-breakpoint
UPDATE "family_links" SET "order_id" = "camp_registration_id" WHERE "camp_registration_id" IS NOT NULL;--> statement-breakpoint
UPDATE "family_links" SET "owner_kind" = 'camp' WHERE "owner_kind" IS NULL;--> statement-breakpoint
ALTER TABLE "family_links" DROP CONSTRAINT "family_links_camp_owner_fk";--> statement-breakpoint
DROP INDEX "family_links_camp_registration_idx";--> statement-breakpoint
ALTER TABLE "family_links" DROP COLUMN "camp_registration_id";--> statement-breakpoint
ALTER TABLE "family_links" ALTER COLUMN "owner_kind" SET DEFAULT 'order';--> statement-breakpoint
ALTER TABLE "family_links" ALTER COLUMN "owner_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_scope_check" CHECK (num_nonnulls("family_links"."email_key", "family_links"."order_id") = 1);
