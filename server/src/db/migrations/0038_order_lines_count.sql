-- Each order head carries the number of its lines (issue 30). An order list showed it with a
-- count of the lines of every row on its page, one index scan a row, planned again on every call:
-- a fifth of what PostgreSQL spent on a page of 50 orders. The number is kept where the order's
-- search text already is (0028, 0036): order_search_text_refresh runs after every statement that
-- inserts or deletes lines and after a line's change of SKU or order, and now sets both from the
-- same read of the lines. A new head has no lines (they reference it), so it starts at 0.
ALTER TABLE "purch_heads" ADD COLUMN "lines_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "sales_heads" ADD COLUMN "lines_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Not a change of what the live updates announce (0023) nor of what is counted (0014): neither
-- trigger fires on this column.
UPDATE purch_heads h SET lines_count = counted.lines
  FROM (SELECT head_id, count(*)::int AS lines FROM purch_lines GROUP BY head_id) counted
  WHERE h.id = counted.head_id;
--> statement-breakpoint
UPDATE sales_heads h SET lines_count = counted.lines
  FROM (SELECT head_id, count(*)::int AS lines FROM sales_lines GROUP BY head_id) counted
  WHERE h.id = counted.head_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_search_text_refresh(kind text, heads integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF kind = 'purch' THEN
    UPDATE purch_heads h SET search_text = order_search_text(h.external_code, h.vendor_reference, h.truck_number,
      h.warehouse_code, p.name, p.external_code, sl.skus), lines_count = sl.lines
      FROM (SELECT DISTINCT unnest(heads) AS id) changed
      JOIN purch_heads s ON s.id = changed.id
      LEFT JOIN vendors p ON p.id = s.vendor_id
      LEFT JOIN LATERAL (SELECT string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus,
          count(*)::int AS lines
        FROM purch_lines l JOIN skus k ON k.id = l.sku_id WHERE l.head_id = changed.id) sl ON true
      WHERE h.id = changed.id;
  ELSE
    UPDATE sales_heads h SET search_text = order_search_text(h.external_code, h.customer_reference, h.truck_number,
      h.warehouse_code, p.name, p.external_code, sl.skus), lines_count = sl.lines
      FROM (SELECT DISTINCT unnest(heads) AS id) changed
      JOIN sales_heads s ON s.id = changed.id
      LEFT JOIN customers p ON p.id = s.customer_id
      LEFT JOIN LATERAL (SELECT string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus,
          count(*)::int AS lines
        FROM sales_lines l JOIN skus k ON k.id = l.sku_id WHERE l.head_id = changed.id) sl ON true
      WHERE h.id = changed.id;
  END IF;
END $$;
--> statement-breakpoint
-- Every stored order's text and number of lines (the large data set's loader, which writes with
-- the triggers off), or only the texts of the orders the warehouse has numbered (0036).
CREATE OR REPLACE FUNCTION order_search_text_fill(only_numbered boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE purch_heads h SET search_text = order_search_text(h.external_code, h.vendor_reference, h.truck_number,
      h.warehouse_code, v.name, v.external_code, sl.skus), lines_count = coalesce(sl.lines, 0)
    FROM purch_heads s
    LEFT JOIN vendors v ON v.id = s.vendor_id
    LEFT JOIN (SELECT l.head_id, string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus,
        count(*)::int AS lines
      FROM purch_lines l JOIN skus k ON k.id = l.sku_id GROUP BY l.head_id) sl ON sl.head_id = s.id
    WHERE s.id = h.id AND (NOT only_numbered OR h.warehouse_code IS NOT NULL);
  UPDATE sales_heads h SET search_text = order_search_text(h.external_code, h.customer_reference, h.truck_number,
      h.warehouse_code, c.name, c.external_code, sl.skus), lines_count = coalesce(sl.lines, 0)
    FROM sales_heads s
    LEFT JOIN customers c ON c.id = s.customer_id
    LEFT JOIN (SELECT l.head_id, string_agg(concat_ws(E'\n', k.code, k.external_code, k.name), E'\n' ORDER BY l.position, l.id) AS skus,
        count(*)::int AS lines
      FROM sales_lines l JOIN skus k ON k.id = l.sku_id GROUP BY l.head_id) sl ON sl.head_id = s.id
    WHERE s.id = h.id AND (NOT only_numbered OR h.warehouse_code IS NOT NULL);
END $$;
