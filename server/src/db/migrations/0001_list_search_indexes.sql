CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "stock_rows_sscc_index";--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_external_code_trgm_idx" ON "customers" USING gin ("external_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discussions_name_trgm_idx" ON "discussions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purch_heads_progress_id_index" ON "purch_heads" USING btree ("progress","id");--> statement-breakpoint
CREATE INDEX "purch_heads_external_code_trgm_idx" ON "purch_heads" USING gin ("external_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purch_heads_vendor_reference_trgm_idx" ON "purch_heads" USING gin ("vendor_reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_heads_progress_id_index" ON "sales_heads" USING btree ("progress","id");--> statement-breakpoint
CREATE INDEX "sales_heads_external_code_trgm_idx" ON "sales_heads" USING gin ("external_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_heads_customer_reference_trgm_idx" ON "sales_heads" USING gin ("customer_reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skus_external_code_index" ON "skus" USING btree ("external_code");--> statement-breakpoint
CREATE INDEX "skus_name_trgm_idx" ON "skus" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skus_code_trgm_idx" ON "skus" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skus_external_code_trgm_idx" ON "skus" USING gin ("external_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_rows_status_desc_id_index" ON "stock_rows" USING btree ("status_desc","id");--> statement-breakpoint
CREATE INDEX "stock_rows_status_desc_id_desc_idx" ON "stock_rows" USING btree ("status_desc" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_rows_expiry_date_id_index" ON "stock_rows" USING btree ("expiry_date","id");--> statement-breakpoint
CREATE INDEX "stock_rows_expiry_date_id_desc_idx" ON "stock_rows" USING btree ("expiry_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_rows_mfg_date_id_index" ON "stock_rows" USING btree ("mfg_date","id");--> statement-breakpoint
CREATE INDEX "stock_rows_mfg_date_id_desc_idx" ON "stock_rows" USING btree ("mfg_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_rows_batch_trgm_idx" ON "stock_rows" USING gin ("batch" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_rows_sscc_trgm_idx" ON "stock_rows" USING gin ("sscc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_fio_trgm_idx" ON "users" USING gin ("fio" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_name_trgm_idx" ON "vendors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_external_code_trgm_idx" ON "vendors" USING gin ("external_code" gin_trgm_ops);