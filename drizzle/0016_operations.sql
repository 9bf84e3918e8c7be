CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staged_upload_chunks" (
	"upload_id" text NOT NULL,
	"start" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"object_key" text NOT NULL,
	CONSTRAINT "staged_upload_chunks_upload_id_start_pk" PRIMARY KEY("upload_id","start")
);
--> statement-breakpoint
CREATE TABLE "staged_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"size" bigint,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staged_upload_chunks" ADD CONSTRAINT "staged_upload_chunks_upload_id_staged_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."staged_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_idx" ON "rate_limit_hits" USING btree ("reset_at");