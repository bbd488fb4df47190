-- Each instance keeps, for a few seconds, whether a user has unseen notifications (the header
-- bell, http/session-cache.ts). Any write of notifications tells every instance to forget it,
-- once the write commits.
CREATE OR REPLACE FUNCTION notify_notifications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_changed
  AFTER INSERT OR UPDATE OR DELETE
  ON notifications FOR EACH STATEMENT EXECUTE FUNCTION notify_notifications_changed();
