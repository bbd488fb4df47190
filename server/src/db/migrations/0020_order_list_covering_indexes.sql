DROP INDEX "purch_heads_live_creation_idx";--> statement-breakpoint
DROP INDEX "sales_heads_live_creation_idx";--> statement-breakpoint
CREATE INDEX "purch_heads_live_creation_template_idx" ON "purch_heads" USING btree ("creation_date","id","is_template") WHERE "purch_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "purch_heads_live_progress_template_idx" ON "purch_heads" USING btree ("progress","id","is_template") WHERE "purch_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "sales_heads_live_creation_template_idx" ON "sales_heads" USING btree ("creation_date","id","is_template") WHERE "sales_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "sales_heads_live_progress_template_idx" ON "sales_heads" USING btree ("progress","id","is_template") WHERE "sales_heads"."excluded_at" is null;