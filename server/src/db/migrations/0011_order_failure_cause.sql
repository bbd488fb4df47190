ALTER TABLE "purch_heads" ADD COLUMN "failure_cause" jsonb;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD COLUMN "failure_cause" jsonb;