-- A key with more than one live job (a race of the old select-then-insert) keeps its oldest.
UPDATE "jobs" SET "cancelled_at" = now(), "locked_until" = NULL, "last_error" = 'duplicate live job'
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "kind", "key" ORDER BY "id") AS "n"
    FROM "jobs" WHERE "done_at" IS NULL AND "cancelled_at" IS NULL
  ) AS "live" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_live_key_idx" ON "jobs" USING btree ("kind","key") WHERE "jobs"."done_at" is null and "jobs"."cancelled_at" is null;
