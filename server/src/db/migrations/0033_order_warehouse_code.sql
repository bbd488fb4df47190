-- The warehouse's own number of an order, from its answer to the send or a later event: an order
-- without an external code is shown and exported by it instead of "#201" (issue 32, point 16).
ALTER TABLE "purch_heads" ADD COLUMN "warehouse_code" text;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD COLUMN "warehouse_code" text;
