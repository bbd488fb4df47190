ALTER TABLE "notifications" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","creation_date") WHERE "notifications"."read_at" is null;--> statement-breakpoint
UPDATE "notifications" SET "read_at" = "creation_date" WHERE "seen";
