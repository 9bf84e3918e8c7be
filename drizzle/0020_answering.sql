ALTER TABLE "jobs" ADD COLUMN "auto_end_answers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "answer_pause_ms" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "thinking_time_ms" integer DEFAULT 20000 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_answer_pause_check" CHECK ("jobs"."answer_pause_ms" between 1500 and 6000);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_thinking_time_check" CHECK ("jobs"."thinking_time_ms" between 5000 and 120000);