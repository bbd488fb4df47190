-- The warehouse's own number of an order (0033) in its search text: a client on the phone with the
-- warehouse is given that number, and the order lists' free text now finds it (three characters
-- and more, anywhere in it, like a party's or a SKU's name; not by the two-letter prefix search,
-- which reads the prefix indexes of the order's own code, reference and truck number). The
-- order_search_text functions take it after the truck number; the head triggers fire on its change
-- too (the warehouse's answer to a send writes it). Only the stored orders that have one are
-- computed again: for the others the text is unchanged.
CREATE OR REPLACE FUNCTION order_search_text(code text, reference text, truck text, warehouse text, party_name text, party_code text, line_skus text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  whole text := left(lower(concat_ws(E'\n', E'\x01' || code, E'\x01' || reference, E'\x01' || truck,
    warehouse, party_name, party_code, line_skus)), 2000);
BEGIN
  WHILE octet_length(whole) > 2400 LOOP
    whole := left(whole, length(whole) * 2400 / octet_length(whole));
  END LOOP;
  RETURN whole;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_head_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  party record;
BEGIN
  IF TG_ARGV[0] = 'purch' THEN
    SELECT name, external_code INTO party FROM vendors WHERE id = NEW.vendor_id;
    NEW.search_text := order_search_text(NEW.external_code, NEW.vendor_reference, NEW.truck_number,
      NEW.warehouse_code, party.name, party.external_code, order_line_skus('purch', NEW.id));
  ELSE
    SELECT name, external_code INTO party FROM customers WHERE id = NEW.customer_id;
    NEW.search_text := order_search_text(NEW.external_code, NEW.customer_reference, NEW.truck_number,
      NEW.warehouse_code, party.name, party.external_code, order_line_skus('sales', NEW.id));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_search_text_refresh(kind text, heads integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF kind = 'purch' THEN
    UPDATE purch_heads h SET search_text = order_search_text(h.external_code, h.vendor_reference, h.truck_number,
      h.warehouse_code, p.name, p.external_code, sl.skus)
      FROM (SELECT DISTINCT unnest(heads) AS id) changed
      JOIN purch_heads s ON s.id = changed.id
      LEFT JOIN vendors p ON p.id = s.vendor_id
      LEFT JOIN LATERAL (SELECT string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus
        FROM purch_lines l JOIN skus k ON k.id = l.sku_id WHERE l.head_id = changed.id) sl ON true
      WHERE h.id = changed.id;
  ELSE
    UPDATE sales_heads h SET search_text = order_search_text(h.external_code, h.customer_reference, h.truck_number,
      h.warehouse_code, p.name, p.external_code, sl.skus)
      FROM (SELECT DISTINCT unnest(heads) AS id) changed
      JOIN sales_heads s ON s.id = changed.id
      LEFT JOIN customers p ON p.id = s.customer_id
      LEFT JOIN LATERAL (SELECT string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus
        FROM sales_lines l JOIN skus k ON k.id = l.sku_id WHERE l.head_id = changed.id) sl ON true
      WHERE h.id = changed.id;
  END IF;
END $$;
--> statement-breakpoint
-- Every stored order's text (the large data set's loader), or only those of the orders the
-- warehouse has numbered (this migration).
DROP FUNCTION IF EXISTS order_search_text_fill();
--> statement-breakpoint
CREATE FUNCTION order_search_text_fill(only_numbered boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE purch_heads h SET search_text = order_search_text(h.external_code, h.vendor_reference, h.truck_number,
      h.warehouse_code, v.name, v.external_code, sl.skus)
    FROM purch_heads s
    LEFT JOIN vendors v ON v.id = s.vendor_id
    LEFT JOIN (SELECT l.head_id, string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus
      FROM purch_lines l JOIN skus k ON k.id = l.sku_id GROUP BY l.head_id) sl ON sl.head_id = s.id
    WHERE s.id = h.id AND (NOT only_numbered OR h.warehouse_code IS NOT NULL);
  UPDATE sales_heads h SET search_text = order_search_text(h.external_code, h.customer_reference, h.truck_number,
      h.warehouse_code, c.name, c.external_code, sl.skus)
    FROM sales_heads s
    LEFT JOIN customers c ON c.id = s.customer_id
    LEFT JOIN (SELECT l.head_id, string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus
      FROM sales_lines l JOIN skus k ON k.id = l.sku_id GROUP BY l.head_id) sl ON sl.head_id = s.id
    WHERE s.id = h.id AND (NOT only_numbered OR h.warehouse_code IS NOT NULL);
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS order_search_text(text, text, text, text, text, text);
--> statement-breakpoint
DROP TRIGGER IF EXISTS purch_heads_search_text ON purch_heads;
--> statement-breakpoint
CREATE TRIGGER purch_heads_search_text BEFORE INSERT OR UPDATE OF external_code, vendor_reference, truck_number, warehouse_code, vendor_id
  ON purch_heads FOR EACH ROW EXECUTE FUNCTION order_head_search_text('purch');
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_heads_search_text ON sales_heads;
--> statement-breakpoint
CREATE TRIGGER sales_heads_search_text BEFORE INSERT OR UPDATE OF external_code, customer_reference, truck_number, warehouse_code, customer_id
  ON sales_heads FOR EACH ROW EXECUTE FUNCTION order_head_search_text('sales');
--> statement-breakpoint
SELECT order_search_text_fill(true);
