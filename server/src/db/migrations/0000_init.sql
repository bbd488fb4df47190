CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer,
	"customer_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "addresses_one_owner" CHECK (("addresses"."vendor_id" is null) <> ("addresses"."customer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "business_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "business_lines_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"discussion_id" integer NOT NULL,
	"user_id" integer,
	"text" text,
	"dict" jsonb,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "companies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "consignees" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"business_line_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"consignee_id" integer NOT NULL,
	"external_code" text NOT NULL,
	"name" text NOT NULL,
	"default_currency_id" integer
);
--> statement-breakpoint
CREATE TABLE "discussion_members" (
	"discussion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "discussion_members_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discussions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"visibility" text NOT NULL,
	"author_id" integer,
	"purch_head_id" integer,
	"sales_head_id" integer,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussions_purchHeadId_unique" UNIQUE("purch_head_id"),
	CONSTRAINT "discussions_salesHeadId_unique" UNIQUE("sales_head_id")
);
--> statement-breakpoint
CREATE TABLE "email_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "email_rates_minutes_unique" UNIQUE("minutes")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"ext" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploader_id" integer NOT NULL,
	"comment_id" integer,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "locations_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "notification_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"comment_id" integer NOT NULL,
	"ntfy_type" text NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"emailed" boolean DEFAULT false NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purch_heads" (
	"id" serial PRIMARY KEY NOT NULL,
	"consignee_id" integer NOT NULL,
	"external_code" text,
	"location_id" integer,
	"truck_number" text,
	"delivery_date" date,
	"currency_id" integer,
	"is_return" boolean DEFAULT false NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"progress" text DEFAULT 'draft' NOT NULL,
	"status_code" text,
	"status_desc" text,
	"failure_reason" text,
	"author_id" integer,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_date" timestamp with time zone DEFAULT now() NOT NULL,
	"excluded_at" timestamp with time zone,
	"vendor_id" integer,
	"vendor_address_id" integer,
	"vendor_reference" text
);
--> statement-breakpoint
CREATE TABLE "purch_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"head_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"ordered_qty" numeric(18, 3),
	"received_qty" numeric(18, 3),
	"uom_id" integer,
	"price" numeric(18, 3)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_heads" (
	"id" serial PRIMARY KEY NOT NULL,
	"consignee_id" integer NOT NULL,
	"external_code" text,
	"location_id" integer,
	"truck_number" text,
	"delivery_date" date,
	"currency_id" integer,
	"is_return" boolean DEFAULT false NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"progress" text DEFAULT 'draft' NOT NULL,
	"status_code" text,
	"status_desc" text,
	"failure_reason" text,
	"author_id" integer,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_date" timestamp with time zone DEFAULT now() NOT NULL,
	"excluded_at" timestamp with time zone,
	"customer_id" integer,
	"customer_address_id" integer,
	"customer_reference" text,
	"delivery_address_id" integer,
	"delivery_name" text,
	"due_days" numeric(18, 3),
	"comments" text,
	"self_picking" boolean DEFAULT false NOT NULL,
	"vat_tax_req" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"head_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"ordered_qty" numeric(18, 3),
	"sales_qty" numeric(18, 3),
	"delivered_qty" numeric(18, 3),
	"uom_id" integer,
	"price" numeric(18, 3),
	"batch" text,
	"expiry_date" date
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"limited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sku_eans" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku_id" integer NOT NULL,
	"ean_text" text NOT NULL,
	"ean_type_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_packaging" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku_id" integer NOT NULL,
	"code" text NOT NULL,
	"gross_w" numeric(18, 3),
	"net_w" numeric(18, 3),
	"width" numeric(18, 3),
	"height" numeric(18, 3),
	"length" numeric(18, 3),
	"volume" numeric(18, 3),
	"pce_qty" integer
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"consignee_id" integer NOT NULL,
	"code" text NOT NULL,
	"external_code" text NOT NULL,
	"name" text NOT NULL,
	"manufacturer_expire" integer,
	"receive_expire" integer,
	"ship_expire" integer,
	"receive_temp_min" integer,
	"receive_temp_max" integer,
	"vendor_id" integer,
	"commodity_code" text,
	"production_country" text,
	"price" numeric(18, 3),
	"vat_rate" numeric(18, 3),
	"class_code" text,
	"order_min" numeric(18, 3),
	"order_step" numeric(18, 3),
	"excise_code" text,
	"alcohol_percent" numeric(18, 3)
);
--> statement-breakpoint
CREATE TABLE "stock_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"consignee_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"status_code" text,
	"status_desc" text,
	"qty" numeric(18, 3) NOT NULL,
	"uom_id" integer NOT NULL,
	"expiry_date" date,
	"batch" text,
	"mfg_date" date,
	"location_id" integer NOT NULL,
	"sscc" text,
	"size" text
);
--> statement-breakpoint
CREATE TABLE "uoms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "uoms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_companies" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "user_companies_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "user_notification_types" (
	"user_id" integer NOT NULL,
	"ntfy_id" text NOT NULL,
	CONSTRAINT "user_notification_types_user_id_ntfy_id_pk" PRIMARY KEY("user_id","ntfy_id")
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"perm_id" text NOT NULL,
	CONSTRAINT "user_permissions_user_id_perm_id_pk" PRIMARY KEY("user_id","perm_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_expired" boolean DEFAULT false NOT NULL,
	"fio" text,
	"email" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"role_id" integer NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"login_failures" integer DEFAULT 0 NOT NULL,
	"too_many_login_failures" boolean DEFAULT false NOT NULL,
	"email_rate_id" integer,
	"last_summary_at" timestamp with time zone,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"consignee_id" integer NOT NULL,
	"external_code" text NOT NULL,
	"name" text NOT NULL,
	"default_currency_id" integer
);
--> statement-breakpoint
CREATE TABLE "wms_events" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignees" ADD CONSTRAINT "consignees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignees" ADD CONSTRAINT "consignees_business_line_id_business_lines_id_fk" FOREIGN KEY ("business_line_id") REFERENCES "public"."business_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_consignee_id_consignees_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."consignees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_default_currency_id_currencies_id_fk" FOREIGN KEY ("default_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_members" ADD CONSTRAINT "discussion_members_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_members" ADD CONSTRAINT "discussion_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_purch_head_id_purch_heads_id_fk" FOREIGN KEY ("purch_head_id") REFERENCES "public"."purch_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_sales_head_id_sales_heads_id_fk" FOREIGN KEY ("sales_head_id") REFERENCES "public"."sales_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_ntfy_type_notification_types_id_fk" FOREIGN KEY ("ntfy_type") REFERENCES "public"."notification_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purch_heads" ADD CONSTRAINT "purch_heads_consignee_id_consignees_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."consignees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purch_heads" ADD CONSTRAINT "purch_heads_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purch_heads" ADD CONSTRAINT "purch_heads_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purch_heads" ADD CONSTRAINT "purch_heads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purch_heads" ADD CONSTRAINT "purch_heads_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purch_heads" ADD CONSTRAINT "purch_heads_vendor_address_id_addresses_id_fk" FOREIGN KEY ("vendor_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purch_lines" ADD CONSTRAINT "purch_lines_head_id_purch_heads_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."purch_heads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purch_lines" ADD CONSTRAINT "purch_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purch_lines" ADD CONSTRAINT "purch_lines_uom_id_uoms_id_fk" FOREIGN KEY ("uom_id") REFERENCES "public"."uoms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD CONSTRAINT "sales_heads_consignee_id_consignees_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."consignees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD CONSTRAINT "sales_heads_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD CONSTRAINT "sales_heads_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD CONSTRAINT "sales_heads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD CONSTRAINT "sales_heads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD CONSTRAINT "sales_heads_customer_address_id_addresses_id_fk" FOREIGN KEY ("customer_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_heads" ADD CONSTRAINT "sales_heads_delivery_address_id_addresses_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_head_id_sales_heads_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."sales_heads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_uom_id_uoms_id_fk" FOREIGN KEY ("uom_id") REFERENCES "public"."uoms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_eans" ADD CONSTRAINT "sku_eans_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_packaging" ADD CONSTRAINT "sku_packaging_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_consignee_id_consignees_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."consignees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_rows" ADD CONSTRAINT "stock_rows_consignee_id_consignees_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."consignees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_rows" ADD CONSTRAINT "stock_rows_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_rows" ADD CONSTRAINT "stock_rows_uom_id_uoms_id_fk" FOREIGN KEY ("uom_id") REFERENCES "public"."uoms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_rows" ADD CONSTRAINT "stock_rows_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_companies" ADD CONSTRAINT "user_companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_companies" ADD CONSTRAINT "user_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_types" ADD CONSTRAINT "user_notification_types_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_types" ADD CONSTRAINT "user_notification_types_ntfy_id_notification_types_id_fk" FOREIGN KEY ("ntfy_id") REFERENCES "public"."notification_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_perm_id_permissions_id_fk" FOREIGN KEY ("perm_id") REFERENCES "public"."permissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_rate_id_email_rates_id_fk" FOREIGN KEY ("email_rate_id") REFERENCES "public"."email_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_consignee_id_consignees_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."consignees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_default_currency_id_currencies_id_fk" FOREIGN KEY ("default_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_vendor_id_index" ON "addresses" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "addresses_customer_id_index" ON "addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "comments_discussion_id_creation_date_index" ON "comments" USING btree ("discussion_id","creation_date");--> statement-breakpoint
CREATE INDEX "consignees_company_id_name_index" ON "consignees" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "consignees_business_line_id_index" ON "consignees" USING btree ("business_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_consignee_id_external_code_index" ON "customers" USING btree ("consignee_id","external_code");--> statement-breakpoint
CREATE INDEX "customers_consignee_id_name_index" ON "customers" USING btree ("consignee_id","name");--> statement-breakpoint
CREATE INDEX "discussion_members_user_id_index" ON "discussion_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "discussions_visibility_company_id_modification_date_index" ON "discussions" USING btree ("visibility","company_id","modification_date");--> statement-breakpoint
CREATE INDEX "discussions_visibility_modification_date_index" ON "discussions" USING btree ("visibility","modification_date");--> statement-breakpoint
CREATE INDEX "files_comment_id_index" ON "files" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "files_uploader_id_index" ON "files" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_kind_key_index" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "notifications_user_id_creation_date_index" ON "notifications" USING btree ("user_id","creation_date");--> statement-breakpoint
CREATE INDEX "notifications_unseen_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."seen" = false;--> statement-breakpoint
CREATE INDEX "notifications_unemailed_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."emailed" = false and "notifications"."seen" = false;--> statement-breakpoint
CREATE INDEX "purch_heads_consignee_id_is_template_creation_date_index" ON "purch_heads" USING btree ("consignee_id","is_template","creation_date");--> statement-breakpoint
CREATE INDEX "purch_heads_vendor_id_creation_date_index" ON "purch_heads" USING btree ("vendor_id","creation_date");--> statement-breakpoint
CREATE INDEX "purch_heads_consignee_id_progress_index" ON "purch_heads" USING btree ("consignee_id","progress");--> statement-breakpoint
CREATE INDEX "purch_heads_creation_date_index" ON "purch_heads" USING btree ("creation_date");--> statement-breakpoint
CREATE UNIQUE INDEX "purch_heads_code_idx" ON "purch_heads" USING btree ("consignee_id","external_code") WHERE "purch_heads"."excluded_at" is null and "purch_heads"."external_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "purch_lines_head_id_sku_id_index" ON "purch_lines" USING btree ("head_id","sku_id");--> statement-breakpoint
CREATE INDEX "purch_lines_sku_id_index" ON "purch_lines" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "reports_company_id_index" ON "reports" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sales_heads_consignee_id_is_template_creation_date_index" ON "sales_heads" USING btree ("consignee_id","is_template","creation_date");--> statement-breakpoint
CREATE INDEX "sales_heads_customer_id_creation_date_index" ON "sales_heads" USING btree ("customer_id","creation_date");--> statement-breakpoint
CREATE INDEX "sales_heads_consignee_id_progress_index" ON "sales_heads" USING btree ("consignee_id","progress");--> statement-breakpoint
CREATE INDEX "sales_heads_creation_date_index" ON "sales_heads" USING btree ("creation_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_heads_code_idx" ON "sales_heads" USING btree ("consignee_id","external_code") WHERE "sales_heads"."excluded_at" is null and "sales_heads"."external_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_lines_head_id_sku_id_index" ON "sales_lines" USING btree ("head_id","sku_id");--> statement-breakpoint
CREATE INDEX "sales_lines_sku_id_index" ON "sales_lines" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sku_eans_sku_id_index" ON "sku_eans" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "sku_eans_ean_text_index" ON "sku_eans" USING btree ("ean_text");--> statement-breakpoint
CREATE INDEX "sku_packaging_sku_id_index" ON "sku_packaging" USING btree ("sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_consignee_id_external_code_index" ON "skus" USING btree ("consignee_id","external_code");--> statement-breakpoint
CREATE INDEX "skus_consignee_id_name_index" ON "skus" USING btree ("consignee_id","name");--> statement-breakpoint
CREATE INDEX "skus_name_index" ON "skus" USING btree ("name");--> statement-breakpoint
CREATE INDEX "stock_rows_consignee_id_sku_id_index" ON "stock_rows" USING btree ("consignee_id","sku_id");--> statement-breakpoint
CREATE INDEX "stock_rows_sku_id_batch_expiry_date_index" ON "stock_rows" USING btree ("sku_id","batch","expiry_date");--> statement-breakpoint
CREATE INDEX "stock_rows_consignee_id_expiry_date_index" ON "stock_rows" USING btree ("consignee_id","expiry_date");--> statement-breakpoint
CREATE INDEX "stock_rows_consignee_id_mfg_date_index" ON "stock_rows" USING btree ("consignee_id","mfg_date");--> statement-breakpoint
CREATE INDEX "stock_rows_consignee_id_status_desc_index" ON "stock_rows" USING btree ("consignee_id","status_desc");--> statement-breakpoint
CREATE INDEX "stock_rows_sscc_index" ON "stock_rows" USING btree ("sscc");--> statement-breakpoint
CREATE INDEX "user_companies_company_id_user_id_index" ON "user_companies" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "user_permissions_perm_id_index" ON "user_permissions" USING btree ("perm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_role_id_index" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_consignee_id_external_code_index" ON "vendors" USING btree ("consignee_id","external_code");--> statement-breakpoint
CREATE INDEX "vendors_consignee_id_name_index" ON "vendors" USING btree ("consignee_id","name");