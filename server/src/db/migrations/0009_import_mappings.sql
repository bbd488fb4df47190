CREATE TABLE "import_mappings" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"modification_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;