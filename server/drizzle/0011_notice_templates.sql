ALTER TABLE "notification_messages" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD COLUMN "params" jsonb;