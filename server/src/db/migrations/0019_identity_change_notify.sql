-- Every instance keeps a short cache of who a session token is (http/session-cache.ts). A change
-- to what that lookup reads (a session revoked or limited, a user's role, language or exclusion,
-- their permissions or companies, a company deactivated) tells every instance to drop it, after
-- the change commits. The sliding of idle expiry (idle_expires_at, last_used_at) is not such a
-- change: each instance checks the expiry it holds and reads the session again once it passes.
CREATE OR REPLACE FUNCTION notify_identity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('identity_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_identity_changed
  AFTER UPDATE OF revoked_at, limited, second_factor_setup, absolute_expires_at, user_id, token_hash OR DELETE
  ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_changed();
--> statement-breakpoint
CREATE TRIGGER users_identity_changed
  AFTER UPDATE OF username, fio, email, lang, role_id, excluded OR DELETE
  ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_changed();
--> statement-breakpoint
CREATE TRIGGER user_permissions_identity_changed
  AFTER INSERT OR UPDATE OR DELETE
  ON user_permissions FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_changed();
--> statement-breakpoint
CREATE TRIGGER user_companies_identity_changed
  AFTER INSERT OR UPDATE OR DELETE
  ON user_companies FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_changed();
--> statement-breakpoint
CREATE TRIGGER companies_identity_changed
  AFTER UPDATE OF active OR DELETE
  ON companies FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_changed();
