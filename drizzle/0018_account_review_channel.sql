ALTER TABLE "users" ADD COLUMN "reviewed_via" text;--> statement-breakpoint
-- Accounts reviewed before this column: the audit log says how (its latest review event), and
-- without one a review with no reviewer was the command line's, as /admin showed it until now.
UPDATE "users" SET "reviewed_via" = CASE (
    SELECT a."action" FROM "audit_log" a
    WHERE a."subject" = 'user:' || "users"."id"
      AND (a."action" IN ('account_approved', 'account_rejected', 'member_joined')
        OR (a."action" = 'account_registered' AND a."details" ->> 'operator' = 'true'))
    ORDER BY a."at" DESC, a."id" DESC
    LIMIT 1)
  WHEN 'account_registered' THEN 'first_account'
  WHEN 'member_joined' THEN 'invitation'
  ELSE CASE WHEN "users"."reviewed_by" IS NULL THEN 'command_line' ELSE 'admin_page' END
END
WHERE "reviewed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reviewed_via_check" CHECK ("users"."reviewed_via" in ('first_account', 'admin_page', 'command_line', 'invitation'));
