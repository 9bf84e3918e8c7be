CREATE TABLE "job_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"questions" jsonb NOT NULL,
	"rubric" jsonb,
	"video_recording" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"company_role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "member_invitations_company_role_check" CHECK ("member_invitations"."company_role" in ('viewer', 'recruiter', 'owner'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"interview_completed" boolean DEFAULT true NOT NULL,
	"screening_completed" boolean DEFAULT true NOT NULL,
	"candidate_request" boolean DEFAULT true NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"digest_sent_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "candidate_link_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_requests" ADD COLUMN "phone_candidate_id" integer;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "phone_candidate_id" integer;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "job_templates" ADD CONSTRAINT "job_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_templates" ADD CONSTRAINT "job_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_templates_company_name_idx" ON "job_templates" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "member_invitations_token_idx" ON "member_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_invitations_company_idx" ON "member_invitations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_idx" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_phone_candidate_id_phone_screening_candidates_id_fk" FOREIGN KEY ("phone_candidate_id") REFERENCES "public"."phone_screening_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_phone_candidate_kind_idx" ON "data_requests" USING btree ("phone_candidate_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_dedupe_key_idx" ON "emails" USING btree ("dedupe_key");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_candidate_link_days_check" CHECK ("companies"."candidate_link_days" between 1 and 90);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_role_check" CHECK ("users"."company_role" in ('viewer', 'recruiter', 'owner'));--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_one_candidate_check" CHECK (num_nonnulls("data_requests"."interview_id", "data_requests"."phone_candidate_id") = 1);
--> statement-breakpoint
-- Links already sent keep the default validity counted from now, not from when they were sent.
UPDATE "interviews" SET "link_expires_at" = now() + interval '14 days' WHERE "status" = 'pending';--> statement-breakpoint
-- A member's role in the company and their removal change what their sessions may do, and the
-- email is part of a session's user (decision 015).
CREATE OR REPLACE FUNCTION users_bump_session_version() RETURNS trigger AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
    OR NEW.role IS DISTINCT FROM OLD.role
    OR NEW.company_role IS DISTINCT FROM OLD.company_role
    OR NEW.removed_at IS DISTINCT FROM OLD.removed_at
    OR NEW.email IS DISTINCT FROM OLD.email
    OR NEW.is_approved IS DISTINCT FROM OLD.is_approved
    OR NEW.review_status IS DISTINCT FROM OLD.review_status
    OR NEW.username IS DISTINCT FROM OLD.username
    OR NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    NEW.session_version := greatest(NEW.session_version, OLD.session_version + 1);
  ELSIF NEW.session_version < OLD.session_version THEN
    NEW.session_version := OLD.session_version;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
