CREATE TABLE "message_recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"email_key" text,
	"address" text,
	"participants" text,
	"outbox_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	CONSTRAINT "message_recipients_message_key_unique" UNIQUE("message_id","email_key"),
	CONSTRAINT "message_recipients_state_check" CHECK ("message_recipients"."state" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "message_reminders" (
	"event_slug" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"days_before" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"message_id" integer
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_slug" text NOT NULL,
	"segment" text NOT NULL,
	"segment_day" text,
	"order_ids" jsonb,
	"subject" text,
	"body" text,
	"attach_programme" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"texts_deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reminders" ADD CONSTRAINT "message_reminders_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_recipients_outbox_idx" ON "message_recipients" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "messages_event_idx" ON "messages" USING btree ("event_slug");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("queued_at","send_at");