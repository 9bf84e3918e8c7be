CREATE TABLE "interview_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"interview_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"criterion" text,
	"from_score" integer,
	"to_score" integer,
	"decision" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interview_reviews" ADD CONSTRAINT "interview_reviews_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_reviews" ADD CONSTRAINT "interview_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interview_reviews_interview_idx" ON "interview_reviews" USING btree ("interview_id","created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION interview_reviews_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'interview_reviews is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER interview_reviews_append_only BEFORE UPDATE ON "interview_reviews"
  FOR EACH ROW EXECUTE FUNCTION interview_reviews_refuse_change();
