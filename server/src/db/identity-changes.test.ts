import { describe, expect, it } from 'vitest';
import { isIdentityWrite, isNotificationsWrite } from './identity-changes';

describe('the statements that change who a session token is', () => {
  it('counts writes of what the session lookup reads', () => {
    for (const query of [
      'update "sessions" set "revoked_at" = now() where "sessions"."id" = $1',
      'update "sessions" set "absolute_expires_at" = $1, "idle_expires_at" = $2 where "sessions"."user_id" = $3',
      'update "users" set "role_id" = $1, "fio" = $2 where "users"."id" = $3',
      'update "users" set "excluded" = $1 where "users"."id" = $2',
      'update "companies" set "active" = $1 where "companies"."id" = $2',
      'delete from "sessions" where "sessions"."user_id" = $1',
      'insert into "user_permissions" ("user_id", "perm_id") values ($1, $2)',
      'delete from "user_companies" where "user_companies"."user_id" = $1',
    ]) {
      expect(isIdentityWrite(query), query).toBe(true);
    }
  });

  it('leaves out reads, new sessions, the idle-expiry touch and columns the lookup does not read', () => {
    for (const query of [
      'select "id" from "sessions" where "sessions"."token_hash" = $1',
      'insert into "sessions" ("token_hash", "user_id") values ($1, $2)',
      '/* session touch */ update "sessions" set idle_expires_at = least(now(), absolute_expires_at) where id = $1',
      'update "users" set "last_summary_at" = now() where "users"."id" = $1 returning "last_summary_at"',
      'update "users" set "login_failures" = $1, "too_many_login_failures" = $2 where lower("users"."username") = $3',
      'update "companies" set "name" = $1 where "companies"."id" = $2',
      'update "orders" set "excluded" = $1',
    ]) {
      expect(isIdentityWrite(query), query).toBe(false);
    }
  });
});

describe('the statements that change the header bell', () => {
  it('counts every write of notifications, a statement with a leading query too', () => {
    expect(isNotificationsWrite('insert into "notifications" ("user_id") values ($1)')).toBe(true);
    expect(
      isNotificationsWrite(
        'with chosen as (select 1) insert into "notifications" (user_id) select 1 from chosen',
      ),
    ).toBe(true);
    expect(isNotificationsWrite('update "notifications" set "seen" = true where "user_id" = $1')).toBe(true);
    expect(isNotificationsWrite('delete from "notifications" where "id" = $1')).toBe(true);
    expect(isNotificationsWrite('select * from "notifications" where "user_id" = $1')).toBe(false);
    expect(isNotificationsWrite('update "notification_types" set "name" = $1')).toBe(false);
  });
});
