-- Sign-in guards (docs/decisions.md 'Sign-in'): the lock moves from a username to a username at
-- one client address, so a stranger elsewhere can no longer lock anyone out; the username keeps
-- its count of failures in a burst, which slows sign-in from every address. Locks under the old
-- rule are dropped with their column: they lifted by themselves within LOGIN_LOCK_MINUTES anyway.
ALTER TABLE "login_failures" DROP COLUMN "locked_until";
--> statement-breakpoint
CREATE TABLE "login_address_failures" (
	"username_key" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_address_failures_username_key_address_pk" PRIMARY KEY("username_key","address")
);
--> statement-breakpoint
-- Wrong second-factor codes (app codes and recovery codes) of a user, counted in a window of
-- LOGIN_LOCK_MINUTES whatever the password lock says; the tenth locks the second factor.
CREATE TABLE "second_factor_failures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "second_factor_failures" ADD CONSTRAINT "second_factor_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The time step of the last code accepted (RFC 6238 §5.2): a code of that step or an earlier one
-- is refused, so a code works once.
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;
