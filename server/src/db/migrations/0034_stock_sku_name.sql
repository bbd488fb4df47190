-- The SKU's name on each stock row, kept by triggers in the transaction of every write (a row's
-- insert or change of SKU, a SKU's rename): the stock list's default ordering (SKU name, row)
-- walks one index of the rows themselves, across every company or within a consignee, instead of
-- joining every row to its SKU and sorting them (issue 30: page 500 of role 99's stock).
ALTER TABLE "stock_rows" ADD COLUMN "sku_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "stock_rows" r SET "sku_name" = s."name" FROM "skus" s WHERE s."id" = r."sku_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_row_sku_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.name INTO NEW.sku_name FROM skus s WHERE s.id = NEW.sku_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER stock_rows_sku_name BEFORE INSERT OR UPDATE OF sku_id ON stock_rows
  FOR EACH ROW EXECUTE FUNCTION stock_row_sku_name();--> statement-breakpoint
CREATE OR REPLACE FUNCTION sku_stock_rows_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_rows SET sku_name = NEW.name WHERE sku_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER skus_stock_rows_name AFTER UPDATE OF name ON skus
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION sku_stock_rows_name();--> statement-breakpoint
CREATE INDEX "stock_rows_sku_name_id_index" ON "stock_rows" USING btree ("sku_name","id");--> statement-breakpoint
CREATE INDEX "stock_rows_consignee_id_sku_name_id_index" ON "stock_rows" USING btree ("consignee_id","sku_name","id");
