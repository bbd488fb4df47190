-- Single sign-on through OpenID Connect (issue 34). A user is tied to the provider's subject once
-- matched; a company may require its users to sign in that way.
ALTER TABLE "users" ADD COLUMN "sso_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_subject_idx" ON "users" USING btree ("sso_subject");--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sso_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A sign-in under way: first the browser's trip to the provider (state, nonce, PKCE verifier), then
-- the one-time code the web exchanges for a session. Each row is used once and lives minutes.
CREATE TABLE "sso_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text,
	"nonce" text,
	"code_verifier" text,
	"handoff_hash" text,
	"user_id" integer,
	"second_factor_done" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_sign_ins_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "sso_sign_ins_handoff_hash_unique" UNIQUE("handoff_hash")
);--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_sign_ins_expires_at_index" ON "sso_sign_ins" USING btree ("expires_at");
