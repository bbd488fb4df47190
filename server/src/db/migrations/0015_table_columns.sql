CREATE TABLE "table_columns" (
	"user_id" integer NOT NULL,
	"table_id" text NOT NULL,
	"columns" jsonb NOT NULL,
	"modification_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_columns_user_id_table_id_pk" PRIMARY KEY("user_id","table_id")
);
--> statement-breakpoint
ALTER TABLE "table_columns" ADD CONSTRAINT "table_columns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;