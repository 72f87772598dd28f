ALTER TABLE "outbox_jobs" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD COLUMN "idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_jobs_due" ON "outbox_jobs" USING btree ("next_attempt_at") WHERE status in ('queued', 'failed', 'sending');--> statement-breakpoint
-- Order syncs were written as 'pending' before the relay: one word for a job waiting to go.
UPDATE "outbox_jobs" SET "status" = 'queued' WHERE "status" = 'pending';
