-- What an API key may do beyond its permissions (issue 28): `personal`, its maker's own
-- discussions, files, profile and notifications. Keys made before have none.
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;
