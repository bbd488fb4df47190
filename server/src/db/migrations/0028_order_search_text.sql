-- Per-order search text (issue 30): what the order lists' free text finds of an order, in one
-- column with one trigram index, instead of joining its party and its lines' SKUs on every
-- search. Lower-cased, so a search compares with LIKE (byte by byte) rather than ILIKE. The order's
-- code, reference and truck number come first, each after a \x01 mark, so that a text too short
-- for trigrams matches the beginning of one of them (`like '%\x01lv%'`), then the party's name and
-- code and the code, external code and name of each line's SKU. Capped at 2,000 characters and
-- 2,400 bytes: the text is carried in a btree index (below), whose entries must stay under a third
-- of a page; an order of more than about forty lines is found by the SKUs of its first forty.
-- Kept by triggers in the transaction of every write: a head's insert or change of code,
-- reference, truck number or party; a line's insert, deletion or change of SKU; a SKU's or a
-- party's change of name or code.
CREATE OR REPLACE FUNCTION order_search_text(code text, reference text, truck text, party_name text, party_code text, line_skus text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  whole text := left(lower(concat_ws(E'\n', E'\x01' || code, E'\x01' || reference, E'\x01' || truck,
    party_name, party_code, line_skus)), 2000);
BEGIN
  WHILE octet_length(whole) > 2400 LOOP
    whole := left(whole, length(whole) * 2400 / octet_length(whole));
  END LOOP;
  RETURN whole;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_line_skus(kind text, head integer) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  found text;
BEGIN
  IF kind = 'purch' THEN
    SELECT string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) INTO found
      FROM purch_lines l JOIN skus k ON k.id = l.sku_id WHERE l.head_id = head;
  ELSE
    SELECT string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) INTO found
      FROM sales_lines l JOIN skus k ON k.id = l.sku_id WHERE l.head_id = head;
  END IF;
  RETURN found;
END $$;
--> statement-breakpoint
-- A head's text from its own values (before it is written).
CREATE OR REPLACE FUNCTION order_head_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  party record;
BEGIN
  IF TG_ARGV[0] = 'purch' THEN
    SELECT name, external_code INTO party FROM vendors WHERE id = NEW.vendor_id;
    NEW.search_text := order_search_text(NEW.external_code, NEW.vendor_reference, NEW.truck_number,
      party.name, party.external_code, order_line_skus('purch', NEW.id));
  ELSE
    SELECT name, external_code INTO party FROM customers WHERE id = NEW.customer_id;
    NEW.search_text := order_search_text(NEW.external_code, NEW.customer_reference, NEW.truck_number,
      party.name, party.external_code, order_line_skus('sales', NEW.id));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The texts of stored heads, computed again (after a change of their lines, SKUs or party).
CREATE OR REPLACE FUNCTION order_search_text_refresh(kind text, heads integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF kind = 'purch' THEN
    UPDATE purch_heads h SET search_text = order_search_text(h.external_code, h.vendor_reference, h.truck_number,
      p.name, p.external_code, sl.skus)
      FROM (SELECT DISTINCT unnest(heads) AS id) changed
      JOIN purch_heads s ON s.id = changed.id
      LEFT JOIN vendors p ON p.id = s.vendor_id
      LEFT JOIN LATERAL (SELECT string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus
        FROM purch_lines l JOIN skus k ON k.id = l.sku_id WHERE l.head_id = changed.id) sl ON true
      WHERE h.id = changed.id;
  ELSE
    UPDATE sales_heads h SET search_text = order_search_text(h.external_code, h.customer_reference, h.truck_number,
      p.name, p.external_code, sl.skus)
      FROM (SELECT DISTINCT unnest(heads) AS id) changed
      JOIN sales_heads s ON s.id = changed.id
      LEFT JOIN customers p ON p.id = s.customer_id
      LEFT JOIN LATERAL (SELECT string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus
        FROM sales_lines l JOIN skus k ON k.id = l.sku_id WHERE l.head_id = changed.id) sl ON true
      WHERE h.id = changed.id;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_lines_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_search_text_refresh(TG_ARGV[0], array(SELECT DISTINCT head_id FROM changed_lines));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_search_text_refresh(TG_ARGV[0], array(SELECT DISTINCT head_id FROM changed_lines));
  ELSE
    PERFORM order_search_text_refresh(TG_ARGV[0], array[OLD.head_id, NEW.head_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_sku_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_search_text_refresh('purch', array(SELECT DISTINCT head_id FROM purch_lines WHERE sku_id = NEW.id));
  PERFORM order_search_text_refresh('sales', array(SELECT DISTINCT head_id FROM sales_lines WHERE sku_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_party_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'purch' THEN
    PERFORM order_search_text_refresh('purch', array(SELECT id FROM purch_heads WHERE vendor_id = NEW.id));
  ELSE
    PERFORM order_search_text_refresh('sales', array(SELECT id FROM sales_heads WHERE customer_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TABLE "purch_heads" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TRIGGER purch_heads_search_text BEFORE INSERT OR UPDATE OF external_code, vendor_reference, truck_number, vendor_id
  ON purch_heads FOR EACH ROW EXECUTE FUNCTION order_head_search_text('purch');
--> statement-breakpoint
CREATE TRIGGER sales_heads_search_text BEFORE INSERT OR UPDATE OF external_code, customer_reference, truck_number, customer_id
  ON sales_heads FOR EACH ROW EXECUTE FUNCTION order_head_search_text('sales');
--> statement-breakpoint
CREATE TRIGGER purch_lines_search_text_insert AFTER INSERT ON purch_lines
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_search_text('purch');
--> statement-breakpoint
CREATE TRIGGER purch_lines_search_text_delete AFTER DELETE ON purch_lines
  REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_search_text('purch');
--> statement-breakpoint
CREATE TRIGGER purch_lines_search_text_update AFTER UPDATE OF sku_id, head_id ON purch_lines FOR EACH ROW
  WHEN ((OLD.sku_id, OLD.head_id) IS DISTINCT FROM (NEW.sku_id, NEW.head_id))
  EXECUTE FUNCTION order_lines_search_text('purch');
--> statement-breakpoint
CREATE TRIGGER sales_lines_search_text_insert AFTER INSERT ON sales_lines
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_search_text('sales');
--> statement-breakpoint
CREATE TRIGGER sales_lines_search_text_delete AFTER DELETE ON sales_lines
  REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_search_text('sales');
--> statement-breakpoint
CREATE TRIGGER sales_lines_search_text_update AFTER UPDATE OF sku_id, head_id ON sales_lines FOR EACH ROW
  WHEN ((OLD.sku_id, OLD.head_id) IS DISTINCT FROM (NEW.sku_id, NEW.head_id))
  EXECUTE FUNCTION order_lines_search_text('sales');
--> statement-breakpoint
CREATE TRIGGER skus_order_search_text AFTER UPDATE OF code, external_code, name ON skus FOR EACH ROW
  WHEN ((OLD.code, OLD.external_code, OLD.name) IS DISTINCT FROM (NEW.code, NEW.external_code, NEW.name))
  EXECUTE FUNCTION order_sku_search_text();
--> statement-breakpoint
CREATE TRIGGER vendors_order_search_text AFTER UPDATE OF name, external_code ON vendors FOR EACH ROW
  WHEN ((OLD.name, OLD.external_code) IS DISTINCT FROM (NEW.name, NEW.external_code))
  EXECUTE FUNCTION order_party_search_text('purch');
--> statement-breakpoint
CREATE TRIGGER customers_order_search_text AFTER UPDATE OF name, external_code ON customers FOR EACH ROW
  WHEN ((OLD.name, OLD.external_code) IS DISTINCT FROM (NEW.name, NEW.external_code))
  EXECUTE FUNCTION order_party_search_text('sales');
--> statement-breakpoint
-- Every stored order's text, each kind in one statement (set-based: the lines grouped once). The
-- migration fills the column with it, and the large data set's loader (bench) after its COPY.
CREATE OR REPLACE FUNCTION order_search_text_fill() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE purch_heads h SET search_text = order_search_text(h.external_code, h.vendor_reference, h.truck_number,
      v.name, v.external_code, sl.skus)
    FROM purch_heads s
    LEFT JOIN vendors v ON v.id = s.vendor_id
    LEFT JOIN (SELECT l.head_id, string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus
      FROM purch_lines l JOIN skus k ON k.id = l.sku_id GROUP BY l.head_id) sl ON sl.head_id = s.id
    WHERE s.id = h.id;
  UPDATE sales_heads h SET search_text = order_search_text(h.external_code, h.customer_reference, h.truck_number,
      c.name, c.external_code, sl.skus)
    FROM sales_heads s
    LEFT JOIN customers c ON c.id = s.customer_id
    LEFT JOIN (SELECT l.head_id, string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus
      FROM sales_lines l JOIN skus k ON k.id = l.sku_id GROUP BY l.head_id) sl ON sl.head_id = s.id
    WHERE s.id = h.id;
END $$;
--> statement-breakpoint
SELECT order_search_text_fill();
--> statement-breakpoint
CREATE INDEX "purch_heads_search_text_trgm_idx" ON "purch_heads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_heads_search_text_trgm_idx" ON "sales_heads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purch_heads_live_consignee_search_idx" ON "purch_heads" USING btree ("consignee_id","is_template","creation_date","id") INCLUDE ("progress","search_text") WHERE "purch_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "sales_heads_live_consignee_search_idx" ON "sales_heads" USING btree ("consignee_id","is_template","creation_date","id") INCLUDE ("progress","search_text") WHERE "sales_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "purch_heads_external_code_prefix_idx" ON "purch_heads" USING btree (lower("external_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "purch_heads_vendor_reference_prefix_idx" ON "purch_heads" USING btree (lower("vendor_reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "purch_heads_truck_number_prefix_idx" ON "purch_heads" USING btree (lower("truck_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sales_heads_external_code_prefix_idx" ON "sales_heads" USING btree (lower("external_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sales_heads_customer_reference_prefix_idx" ON "sales_heads" USING btree (lower("customer_reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sales_heads_truck_number_prefix_idx" ON "sales_heads" USING btree (lower("truck_number") text_pattern_ops);
