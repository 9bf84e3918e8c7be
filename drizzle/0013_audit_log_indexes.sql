CREATE INDEX "audit_company_at_idx" ON "audit_log" USING btree ("company_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_company_subject_idx" ON "audit_log" USING btree ("company_id","subject","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- TRUNCATE skips row triggers: refuse it too, so the log cannot be emptied at once (decision 024).
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
