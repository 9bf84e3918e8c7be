CREATE TABLE "alternative_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"interview_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	CONSTRAINT "alternative_requests_kind_check" CHECK ("alternative_requests"."kind" in ('human_interview', 'more_time', 'typed_answers', 'other')),
	CONSTRAINT "alternative_requests_status_check" CHECK ("alternative_requests"."status" in ('open', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "call_opt_outs" (
	"candidate_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"call_id" integer,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_opt_outs_reason_check" CHECK ("call_opt_outs"."reason" in ('asked_not_to_call', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "interview_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"interview_id" integer NOT NULL,
	"notice_version" text NOT NULL,
	"notice_text" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alternative_requests" ADD CONSTRAINT "alternative_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alternative_requests" ADD CONSTRAINT "alternative_requests_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alternative_requests" ADD CONSTRAINT "alternative_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_opt_outs" ADD CONSTRAINT "call_opt_outs_candidate_id_phone_screening_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."phone_screening_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_opt_outs" ADD CONSTRAINT "call_opt_outs_call_id_phone_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."phone_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_consents" ADD CONSTRAINT "interview_consents_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alternative_requests_one_open_idx" ON "alternative_requests" USING btree ("interview_id","kind") WHERE "alternative_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "alternative_requests_interview_idx" ON "alternative_requests" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "alternative_requests_company_idx" ON "alternative_requests" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_consents_interview_version_idx" ON "interview_consents" USING btree ("interview_id","notice_version");