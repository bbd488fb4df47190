-- Keeps order_counts in the transaction of every change of an order head: its insert, its move
-- (progress, template flag, consignee), its exclusion and its deletion. The two counter rows of a
-- move are always taken in the same order (the smaller key first), so that two moves in
-- opposite directions wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION order_counts_add(k text, c integer, t boolean, p text, d integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (kind, consignee_id, is_template, progress, count) VALUES (k, c, t, p, d)
  ON CONFLICT (kind, consignee_id, is_template, progress) DO UPDATE SET count = order_counts.count + d;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  old_live boolean := TG_OP <> 'INSERT' AND OLD.excluded_at IS NULL;
  new_live boolean := TG_OP <> 'DELETE' AND NEW.excluded_at IS NULL;
BEGIN
  IF old_live AND new_live
     AND (OLD.consignee_id, OLD.is_template, OLD.progress) > (NEW.consignee_id, NEW.is_template, NEW.progress) THEN
    PERFORM order_counts_add(kind, NEW.consignee_id, NEW.is_template, NEW.progress, 1);
    PERFORM order_counts_add(kind, OLD.consignee_id, OLD.is_template, OLD.progress, -1);
    RETURN NULL;
  END IF;
  IF old_live THEN
    PERFORM order_counts_add(kind, OLD.consignee_id, OLD.is_template, OLD.progress, -1);
  END IF;
  IF new_live THEN
    PERFORM order_counts_add(kind, NEW.consignee_id, NEW.is_template, NEW.progress, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER purch_heads_counts_insert_delete AFTER INSERT OR DELETE ON purch_heads
  FOR EACH ROW EXECUTE FUNCTION order_counts_track('purch');
--> statement-breakpoint
CREATE TRIGGER purch_heads_counts_update AFTER UPDATE OF consignee_id, is_template, progress, excluded_at ON purch_heads
  FOR EACH ROW
  WHEN ((OLD.consignee_id, OLD.is_template, OLD.progress, OLD.excluded_at IS NULL)
    IS DISTINCT FROM (NEW.consignee_id, NEW.is_template, NEW.progress, NEW.excluded_at IS NULL))
  EXECUTE FUNCTION order_counts_track('purch');
--> statement-breakpoint
CREATE TRIGGER sales_heads_counts_insert_delete AFTER INSERT OR DELETE ON sales_heads
  FOR EACH ROW EXECUTE FUNCTION order_counts_track('sales');
--> statement-breakpoint
CREATE TRIGGER sales_heads_counts_update AFTER UPDATE OF consignee_id, is_template, progress, excluded_at ON sales_heads
  FOR EACH ROW
  WHEN ((OLD.consignee_id, OLD.is_template, OLD.progress, OLD.excluded_at IS NULL)
    IS DISTINCT FROM (NEW.consignee_id, NEW.is_template, NEW.progress, NEW.excluded_at IS NULL))
  EXECUTE FUNCTION order_counts_track('sales');
--> statement-breakpoint
INSERT INTO order_counts (kind, consignee_id, is_template, progress, count)
  SELECT 'purch', consignee_id, is_template, progress, count(*)::int FROM purch_heads
  WHERE excluded_at IS NULL GROUP BY consignee_id, is_template, progress
  UNION ALL
  SELECT 'sales', consignee_id, is_template, progress, count(*)::int FROM sales_heads
  WHERE excluded_at IS NULL GROUP BY consignee_id, is_template, progress;
