DROP INDEX "addresses_vendor_id_index";--> statement-breakpoint
DROP INDEX "addresses_customer_id_index";--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "code" text;--> statement-breakpoint
UPDATE "companies" SET "code" = 'C' || "id";--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "consignees" ADD COLUMN "code" text;--> statement-breakpoint
UPDATE "consignees" SET "code" = 'CN' || "id";--> statement-breakpoint
ALTER TABLE "consignees" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consignees" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "uom_id" integer;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "uoms" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_uom_id_uoms_id_fk" FOREIGN KEY ("uom_id") REFERENCES "public"."uoms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_vendor_id_code_index" ON "addresses" USING btree ("vendor_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_customer_id_code_index" ON "addresses" USING btree ("customer_id","code");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_code_unique" UNIQUE("code");--> statement-breakpoint
ALTER TABLE "consignees" ADD CONSTRAINT "consignees_code_unique" UNIQUE("code");