-- Moves of orders (progress and warehouse status) notify as their own type, `omov`, apart from
-- colleagues' messages about orders (pord, sord), so that one can be muted and the other kept
-- (issue 32, point 8). Whoever received order messages before keeps receiving the moves.
INSERT INTO "notification_types" ("id", "name") VALUES ('omov', 'Order progress and status moves') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "user_notification_types" ("user_id", "ntfy_id")
SELECT DISTINCT "user_id", 'omov' FROM "user_notification_types" WHERE "ntfy_id" IN ('pord', 'sord')
ON CONFLICT DO NOTHING;
