ALTER TABLE "files" ALTER COLUMN "uploader_id" DROP NOT NULL;--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"head_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"event_id" text NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_documents_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_documents_kind_head_id_creation_date_index" ON "order_documents" USING btree ("kind","head_id","creation_date");--> statement-breakpoint
CREATE INDEX "order_documents_file_id_index" ON "order_documents" USING btree ("file_id");--> statement-breakpoint
CREATE TABLE "slot_schedules" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"weekdays" integer[] NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"modification_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_schedules" ADD CONSTRAINT "slot_schedules_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slots_location_id_starts_at_index" ON "slots" USING btree ("location_id","starts_at");--> statement-breakpoint
CREATE TABLE "slot_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_closures" ADD CONSTRAINT "slot_closures_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_closures_location_id_starts_at_index" ON "slot_closures" USING btree ("location_id","starts_at");--> statement-breakpoint
CREATE TABLE "slot_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"head_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"reason" text,
	"author_id" integer,
	"modification_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_bookings_kind_head_id_index" ON "slot_bookings" USING btree ("kind","head_id");--> statement-breakpoint
CREATE INDEX "slot_bookings_slot_id_index" ON "slot_bookings" USING btree ("slot_id");
