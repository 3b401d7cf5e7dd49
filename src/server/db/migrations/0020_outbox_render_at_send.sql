ALTER TABLE "mail_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_content_check" CHECK ("mail_outbox"."kind" is not null or ("mail_outbox"."subject" is not null and "mail_outbox"."text" is not null and "mail_outbox"."html" is not null));