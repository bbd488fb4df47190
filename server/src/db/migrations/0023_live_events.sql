-- Live updates (http/live-events.ts): what an open screen shows of an order, and a user's bell,
-- are announced once the change commits, so that every instance can push it to the clients it
-- holds. A rolled-back change announces nothing.
--
-- An order's move: its kind, id, the company of its consignee (who may be told), progress and
-- warehouse status code; on its insert, its deletion, and a change of what its lists and its view
-- show of its way through the warehouse (progress, status, template flag, consignee, exclusion,
-- receipt, tracking).
CREATE OR REPLACE FUNCTION notify_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head record;
  company integer;
BEGIN
  IF TG_OP = 'DELETE' THEN head := OLD; ELSE head := NEW; END IF;
  SELECT company_id INTO company FROM consignees WHERE id = head.consignee_id;
  PERFORM pg_notify('order_changed', json_build_object(
    'kind', TG_ARGV[0], 'id', head.id, 'company', company,
    'progress', head.progress, 'status', head.status_code)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purch_heads_live_insert_delete AFTER INSERT OR DELETE ON purch_heads
  FOR EACH ROW EXECUTE FUNCTION notify_order_changed('purch');
--> statement-breakpoint
CREATE TRIGGER purch_heads_live_update AFTER UPDATE ON purch_heads
  FOR EACH ROW
  WHEN ((OLD.progress, OLD.status_code, OLD.is_template, OLD.consignee_id, OLD.excluded_at IS NULL, OLD.received_on)
    IS DISTINCT FROM (NEW.progress, NEW.status_code, NEW.is_template, NEW.consignee_id, NEW.excluded_at IS NULL, NEW.received_on))
  EXECUTE FUNCTION notify_order_changed('purch');
--> statement-breakpoint
CREATE TRIGGER sales_heads_live_insert_delete AFTER INSERT OR DELETE ON sales_heads
  FOR EACH ROW EXECUTE FUNCTION notify_order_changed('sales');
--> statement-breakpoint
CREATE TRIGGER sales_heads_live_update AFTER UPDATE ON sales_heads
  FOR EACH ROW
  WHEN ((OLD.progress, OLD.status_code, OLD.is_template, OLD.consignee_id, OLD.excluded_at IS NULL,
         OLD.tracking_numbers, OLD.carrier, OLD.delivered_on, OLD.delivery_signer)
    IS DISTINCT FROM (NEW.progress, NEW.status_code, NEW.is_template, NEW.consignee_id, NEW.excluded_at IS NULL,
         NEW.tracking_numbers, NEW.carrier, NEW.delivered_on, NEW.delivery_signer))
  EXECUTE FUNCTION notify_order_changed('sales');
--> statement-breakpoint
-- A write of notifications names the users whose bell it concerns (their ids, comma-separated;
-- `*` when there are too many for one notification's payload). Every instance still forgets what
-- it knows of unseen notifications on any of them (http/session-cache.ts).
DROP TRIGGER notifications_changed ON notifications;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_notifications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipients text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT user_id::text, ',') INTO recipients FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT user_id::text, ',') INTO recipients FROM new_rows;
  END IF;
  IF recipients IS NULL THEN RETURN NULL; END IF;
  IF length(recipients) > 7000 THEN recipients := '*'; END IF;
  PERFORM pg_notify('notifications_changed', recipients);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_changed_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_notifications_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_changed_update AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_notifications_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_changed_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_notifications_changed();
