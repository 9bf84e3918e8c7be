ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Sessions are cached per instance (docs/decisions/015-api-speed.md): any change to what a
-- session's user may do or is shown as moves the version on, in the changing transaction, and
-- it never moves back.
CREATE OR REPLACE FUNCTION users_bump_session_version() RETURNS trigger AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
    OR NEW.role IS DISTINCT FROM OLD.role
    OR NEW.is_approved IS DISTINCT FROM OLD.is_approved
    OR NEW.review_status IS DISTINCT FROM OLD.review_status
    OR NEW.username IS DISTINCT FROM OLD.username
    OR NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    NEW.session_version := greatest(NEW.session_version, OLD.session_version + 1);
  ELSIF NEW.session_version < OLD.session_version THEN
    NEW.session_version := OLD.session_version;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_session_version BEFORE UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_bump_session_version();
--> statement-breakpoint
-- The company's name is part of a session's user too.
CREATE OR REPLACE FUNCTION companies_bump_session_version() RETURNS trigger AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE "users" SET session_version = session_version + 1 WHERE company_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER companies_session_version AFTER UPDATE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION companies_bump_session_version();
