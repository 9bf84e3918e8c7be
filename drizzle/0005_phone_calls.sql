CREATE TABLE "phone_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_sid" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"conversation" jsonb NOT NULL,
	"turn" integer DEFAULT 0 NOT NULL,
	"last_reply" jsonb,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recording_sid" text,
	"recording_url" text,
	"answered_by" text,
	"duration_seconds" integer,
	"error" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ADD COLUMN "next_call_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_candidate_id_phone_screening_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."phone_screening_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_calls_candidate_idx" ON "phone_calls" USING btree ("candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_calls_provider_sid_idx" ON "phone_calls" USING btree ("provider_sid");--> statement-breakpoint
CREATE INDEX "phone_candidates_next_call_idx" ON "phone_screening_candidates" USING btree ("next_call_at");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_candidates_token_idx" ON "phone_screening_candidates" USING btree ("candidate_token");--> statement-breakpoint
UPDATE "phone_screening_candidates" SET "next_call_at" = "interview_time" WHERE "status" = 'pending';