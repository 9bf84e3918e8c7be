CREATE TYPE "public"."transcript_source" AS ENUM('server', 'browser');--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "server_transcript" jsonb;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "transcript_source" "transcript_source";--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "transcription_error" text;