-- Closed sets (src/contracts/statuses.ts) become check constraints. Rows written before, with a
-- status the code never wrote (hand-edited or imported), are first brought to the nearest known
-- value: spelling variants ('In Progress', 'in-progress') to the canonical form, then anything
-- else from what the row itself shows (scored, submitted, started, or not yet).
UPDATE "interviews" SET "status" = lower(regexp_replace(btrim("status"), '[- ]+', '_', 'g'))
  WHERE "status" NOT IN ('pending', 'in_progress', 'evaluating', 'completed');--> statement-breakpoint
UPDATE "interviews" SET "status" = CASE
    WHEN "feedback" IS NOT NULL THEN 'completed'
    WHEN "recording_segments" IS NOT NULL OR "recording_url" IS NOT NULL THEN 'evaluating'
    WHEN "started_at" IS NOT NULL THEN 'in_progress'
    ELSE 'pending' END
  WHERE "status" NOT IN ('pending', 'in_progress', 'evaluating', 'completed');--> statement-breakpoint
UPDATE "phone_screening_candidates" SET "status" = lower(regexp_replace(btrim("status"), '[- ]+', '_', 'g'))
  WHERE "status" NOT IN ('pending', 'calling', 'in_progress', 'evaluating', 'completed', 'no_answer', 'busy', 'voicemail', 'declined', 'unreachable', 'failed');--> statement-breakpoint
UPDATE "phone_screening_candidates" SET "status" = CASE WHEN "feedback" IS NOT NULL THEN 'completed' ELSE 'pending' END
  WHERE "status" NOT IN ('pending', 'calling', 'in_progress', 'evaluating', 'completed', 'no_answer', 'busy', 'voicemail', 'declined', 'unreachable', 'failed');--> statement-breakpoint
UPDATE "phone_calls" SET "status" = lower(regexp_replace(btrim("status"), '[- ]+', '_', 'g'))
  WHERE "status" NOT IN ('queued', 'initiated', 'ringing', 'in_progress', 'completed', 'busy', 'no_answer', 'failed', 'canceled', 'voicemail');--> statement-breakpoint
UPDATE "phone_calls" SET "status" = 'failed'
  WHERE "status" NOT IN ('queued', 'initiated', 'ringing', 'in_progress', 'completed', 'busy', 'no_answer', 'failed', 'canceled', 'voicemail');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'member'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_review_status_check" CHECK ("users"."review_status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "interview_reviews" ADD CONSTRAINT "interview_reviews_kind_check" CHECK ("interview_reviews"."kind" in ('score', 'decision'));--> statement-breakpoint
ALTER TABLE "interview_reviews" ADD CONSTRAINT "interview_reviews_decision_check" CHECK ("interview_reviews"."decision" in ('advance', 'hold', 'reject'));--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" in ('pending', 'in_progress', 'evaluating', 'completed'));--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_provider_check" CHECK ("phone_calls"."provider" in ('twilio', 'simulator'));--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_status_check" CHECK ("phone_calls"."status" in ('queued', 'initiated', 'ringing', 'in_progress', 'completed', 'busy', 'no_answer', 'failed', 'canceled', 'voicemail'));--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ADD CONSTRAINT "phone_candidates_status_check" CHECK ("phone_screening_candidates"."status" in ('pending', 'calling', 'in_progress', 'evaluating', 'completed', 'no_answer', 'busy', 'voicemail', 'declined', 'unreachable', 'failed'));--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_status_check" CHECK ("emails"."status" in ('queued', 'sending', 'sent', 'outbox', 'failed'));