CREATE TABLE "recording_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"interview_id" integer NOT NULL,
	"segment" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "recording_segments" jsonb;--> statement-breakpoint
ALTER TABLE "recording_uploads" ADD CONSTRAINT "recording_uploads_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_uploads_interview_idx" ON "recording_uploads" USING btree ("interview_id");