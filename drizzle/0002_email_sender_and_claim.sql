ALTER TABLE "emails" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "emails_user_created_idx" ON "emails" USING btree ("user_id","created_at");