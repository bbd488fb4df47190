CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_index" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "jobs_ended_idx" ON "jobs" USING btree (coalesce("done_at", "cancelled_at"));--> statement-breakpoint
CREATE INDEX "wms_events_received_at_index" ON "wms_events" USING btree ("received_at");