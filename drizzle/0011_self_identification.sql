CREATE TABLE "self_identifications" (
	"interview_id" integer PRIMARY KEY NOT NULL,
	"sex" text,
	"race_ethnicity" text,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_identifications_sex_check" CHECK ("self_identifications"."sex" in ('male', 'female', 'prefer_not_to_say')),
	CONSTRAINT "self_identifications_race_ethnicity_check" CHECK ("self_identifications"."race_ethnicity" in ('hispanic_latino', 'white', 'black_african_american', 'native_hawaiian_pacific_islander', 'asian', 'american_indian_alaska_native', 'two_or_more', 'prefer_not_to_say'))
);
--> statement-breakpoint
ALTER TABLE "self_identifications" ADD CONSTRAINT "self_identifications_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;