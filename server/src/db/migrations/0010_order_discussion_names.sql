-- An order's discussion is stored under the order's code, the same in every language; readers see
-- it named from the order ("Purchase order PO-1") in their own language.
UPDATE "discussions" SET "name" = coalesce("purch_heads"."external_code", '#' || "purch_heads"."id")
FROM "purch_heads" WHERE "discussions"."purch_head_id" = "purch_heads"."id";--> statement-breakpoint
UPDATE "discussions" SET "name" = coalesce("sales_heads"."external_code", '#' || "sales_heads"."id")
FROM "sales_heads" WHERE "discussions"."sales_head_id" = "sales_heads"."id";
