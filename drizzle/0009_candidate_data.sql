ALTER TABLE "companies" ADD COLUMN "retention_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "legal_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "data_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "deletion_reason" text;--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ADD COLUMN "legal_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ADD COLUMN "data_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ADD COLUMN "deletion_reason" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_retention_days_check" CHECK ("companies"."retention_days" between 30 and 1461);--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_deletion_reason_check" CHECK ("interviews"."deletion_reason" in ('candidate_request', 'withdrawn', 'entered_in_error', 'retention', 'other'));--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ADD CONSTRAINT "phone_candidates_deletion_reason_check" CHECK ("phone_screening_candidates"."deletion_reason" in ('candidate_request', 'withdrawn', 'entered_in_error', 'retention', 'other'));--> statement-breakpoint
-- Deleting a candidate's data redacts the free-text reasons of their review entries (a reason may
-- quote the candidate); nothing else about an entry can change, and entries are never removed.
CREATE OR REPLACE FUNCTION interview_reviews_refuse_change() RETURNS trigger AS $$
BEGIN
  IF NEW.reason = ''
    AND (NEW.id, NEW.interview_id, NEW.user_id, NEW.kind, NEW.criterion, NEW.from_score, NEW.to_score, NEW.decision, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.interview_id, OLD.user_id, OLD.kind, OLD.criterion, OLD.from_score, OLD.to_score, OLD.decision, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'interview_reviews is append-only';
END;
$$ LANGUAGE plpgsql;
