CREATE TABLE "order_counts" (
	"kind" text NOT NULL,
	"consignee_id" integer NOT NULL,
	"is_template" boolean NOT NULL,
	"progress" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "order_counts_kind_consignee_id_is_template_progress_pk" PRIMARY KEY("kind","consignee_id","is_template","progress")
);
--> statement-breakpoint
ALTER TABLE "order_counts" ADD CONSTRAINT "order_counts_consignee_id_consignees_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."consignees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purch_heads_live_counts_idx" ON "purch_heads" USING btree ("consignee_id","is_template","progress") WHERE "purch_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "purch_heads_live_creation_idx" ON "purch_heads" USING btree ("creation_date","id") WHERE "purch_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "purch_heads_live_consignee_creation_idx" ON "purch_heads" USING btree ("consignee_id","is_template","creation_date","id") WHERE "purch_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "sales_heads_live_counts_idx" ON "sales_heads" USING btree ("consignee_id","is_template","progress") WHERE "sales_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "sales_heads_live_creation_idx" ON "sales_heads" USING btree ("creation_date","id") WHERE "sales_heads"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "sales_heads_live_consignee_creation_idx" ON "sales_heads" USING btree ("consignee_id","is_template","creation_date","id") WHERE "sales_heads"."excluded_at" is null;