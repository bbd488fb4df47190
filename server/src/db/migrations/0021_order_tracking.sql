ALTER TABLE "purch_heads" ADD COLUMN "received_on" date;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD COLUMN "tracking_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD COLUMN "delivered_on" date;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD COLUMN "delivery_signer" text;--> statement-breakpoint
CREATE INDEX "sales_heads_shipped_untracked_idx" ON "sales_heads" USING btree ("consignee_id","creation_date","id") WHERE "sales_heads"."excluded_at" is null and "sales_heads"."status_code" in ('SHP', 'DLV') and cardinality("sales_heads"."tracking_numbers") = 0 and not "sales_heads"."self_picking";