-- Why a webhook delivery was not sent: its endpoint's owner may not (or no longer) read the event
-- (issue 28, finding 3). `{"code": "owner_permission", "permission": "pord"}`; null when it was sent
-- or tried.
ALTER TABLE "webhook_deliveries" ADD COLUMN "refusal" jsonb;
