-- Saved views of lists and their pins on the dashboard (issue 34, "Saved views").
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"ordering" text,
	"columns" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_view_pins" (
	"user_id" integer NOT NULL,
	"view_id" integer NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_view_pins_user_id_view_id_pk" PRIMARY KEY("user_id","view_id")
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_pins" ADD CONSTRAINT "saved_view_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_pins" ADD CONSTRAINT "saved_view_pins_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_list_name_idx" ON "saved_views" USING btree ("owner_id","list",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_shared_list_owner_idx" ON "saved_views" USING btree ("list","owner_id") WHERE "saved_views"."shared";--> statement-breakpoint
CREATE INDEX "saved_view_pins_view_id_index" ON "saved_view_pins" USING btree ("view_id");
