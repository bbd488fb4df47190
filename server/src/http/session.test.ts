import { auth } from '@extranet/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { identityChangesOf } from '../db/identity-changes';
import { sessions, userPermissions } from '../db/schema';
import { createTestApp, loginAs, type TestApp } from '../test/app';
import { createComments, createOrderWithDiscussion } from '../test/discussions.factories';
import { createCompany, createConsignee, createUser } from '../test/factories';
import { deleteEndedSessions } from './session';
import { TOUCH_EVERY_MS } from './session-cache';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ SESSION_IDLE_MINUTES: 480 });
});

async function signedIn() {
  const user = await createUser(app.deps.db);
  const token = await loginAs(app, user);
  const sessionOf = async () => {
    const [row] = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    return row!;
  };
  return { user, token, sessionOf };
}

describe('session expiry (DESIGN.md §5)', () => {
  it('refuses a session past its absolute expiry, however recently it was used', async () => {
    const { user, token } = await signedIn();
    await app.deps.db
      .update(sessions)
      .set({
        absoluteExpiresAt: new Date(Date.now() - 1000),
        idleExpiresAt: new Date(Date.now() + 3_600_000),
      })
      .where(eq(sessions.userId, user.id));
    expect(await app.call(auth.getSession, {}, token)).toEqual({
      status: 401,
      body: { failure: { code: 'unauthorized' } },
    });
    expect((await app.call(auth.getProfileSelf, {}, token)).status).toBe(401);
  });

  it('never slides the idle expiry past the absolute one', async () => {
    const { user, token, sessionOf } = await signedIn();
    const absolute = new Date(Date.now() + 60_000);
    await app.deps.db
      .update(sessions)
      .set({ absoluteExpiresAt: absolute })
      .where(eq(sessions.userId, user.id));
    expect((await app.call(auth.getProfileSelf, {}, token)).status).toBe(200);
    const session = await sessionOf();
    // Sliding by SESSION_IDLE_MINUTES (8 h) would pass the absolute expiry a minute away.
    expect(session.idleExpiresAt.getTime()).toBe(session.absoluteExpiresAt.getTime());
  });

  it('slides the idle expiry by SESSION_IDLE_MINUTES when the absolute one is far', async () => {
    const { token, sessionOf } = await signedIn();
    expect((await app.call(auth.getProfileSelf, {}, token)).status).toBe(200);
    const { idleExpiresAt, absoluteExpiresAt } = await sessionOf();
    const minutesAhead = (idleExpiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesAhead).toBeGreaterThan(470);
    expect(minutesAhead).toBeLessThanOrEqual(480);
    expect(absoluteExpiresAt.getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3_600_000);
  });
});

describe('the idle expiry is extended at most once a minute per instance', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a second call within the minute writes nothing; the first call after the minute slides again', async () => {
    const { token, sessionOf } = await signedIn();
    expect((await app.call(auth.getProfileSelf, {}, token)).status).toBe(200);
    const first = await sessionOf();
    expect((await app.call(auth.getProfileSelf, {}, token)).status).toBe(200);
    const second = await sessionOf();
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);
    expect(second.idleExpiresAt).toEqual(first.idleExpiresAt);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TOUCH_EVERY_MS + 1_000 });
    expect((await app.call(auth.getProfileSelf, {}, token)).status).toBe(200);
    vi.useRealTimers();
    const third = await sessionOf();
    expect(third.lastUsedAt.getTime()).toBeGreaterThan(first.lastUsedAt.getTime());
    expect(third.idleExpiresAt.getTime()).toBeGreaterThan(first.idleExpiresAt.getTime());
  });

  it('get_session and background refreshes never slide it, even after the minute', async () => {
    const { token, sessionOf } = await signedIn();
    const before = await sessionOf();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TOUCH_EVERY_MS + 1_000 });
    expect((await app.call(auth.getSession, {}, token)).status).toBe(200);
    vi.useRealTimers();
    const after = await sessionOf();
    expect(after.lastUsedAt).toEqual(before.lastUsedAt);
    expect(after.idleExpiresAt).toEqual(before.idleExpiresAt);
  });
});

describe('the instance cache of session lookups', () => {
  it('refuses a session at once after it is revoked, though it was just looked up', async () => {
    const { user, token } = await signedIn();
    expect((await app.call(auth.getSession, {}, token)).status).toBe(200);
    await app.deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect((await app.call(auth.getSession, {}, token)).status).toBe(401);
  });

  it('follows a permission taken away at once', async () => {
    const { user, token } = await signedIn();
    await app.deps.db.insert(userPermissions).values({ userId: user.id, permId: 'umgr' });
    expect((await app.call(auth.listUsers, {}, token)).status).toBe(200);
    await app.deps.db.delete(userPermissions).where(eq(userPermissions.userId, user.id));
    expect((await app.call(auth.listUsers, {}, token)).status).toBe(403);
  });

  it('drops what it holds when the database announces a change made by another instance', async () => {
    const { user, token } = await signedIn();
    expect((await app.call(auth.getSession, {}, token)).status).toBe(200);
    const announced = new Promise<void>((resolve) => identityChangesOf(app.deps.db)!.subscribe(resolve));
    // Written as another instance would: not through this process's statements of identity tables.
    await app.deps.db.execute(
      sql`/* another instance */ update ${sessions} set revoked_at = now() where user_id = ${user.id}`,
    );
    await announced;
    expect((await app.call(auth.getSession, {}, token)).status).toBe(401);
  });
});

describe('ended sessions', () => {
  it('the clean-up deletes revoked and expired sessions and keeps live ones', async () => {
    const live = await signedIn();
    const revoked = await signedIn();
    const idle = await signedIn();
    const absolute = await signedIn();
    await app.deps.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, revoked.user.id));
    await app.deps.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, idle.user.id));
    await app.deps.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, absolute.user.id));
    expect(await deleteEndedSessions(app.deps.db)).toBeGreaterThanOrEqual(3);
    const left = await app.deps.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(inArray(sessions.userId, [live.user.id, revoked.user.id, idle.user.id, absolute.user.id]));
    expect(left).toEqual([{ userId: live.user.id }]);
    expect((await app.call(auth.getSession, {}, live.token)).status).toBe(200);
  });
});

describe('the instance cache of the header bell', () => {
  it('forgets what it knew when the database announces notifications written by another instance', async () => {
    const { user, token } = await signedIn();
    const company = await createCompany(app.deps.db);
    const consignee = await createConsignee(app.deps.db, { companyId: company.id });
    const { discussionId } = await createOrderWithDiscussion(app.deps.db, {
      kind: 'purch',
      consigneeId: consignee.id,
    });
    await createComments(app.deps.db, { discussionId, userId: user.id, count: 1 });
    expect((await app.call(auth.getSession, {}, token)).body.has_new_notifications).toBe(false);
    const announced = new Promise<void>((resolve) =>
      identityChangesOf(app.deps.db)!.subscribeNotifications(resolve),
    );
    // Written as another instance would: not through this process's statements of notifications.
    await app.deps.db.execute(
      sql`insert into public.notifications (user_id, comment_id, ntfy_type)
        select ${user.id}, id, 'pord' from comments where discussion_id = ${discussionId}`,
    );
    await announced;
    expect((await app.call(auth.getSession, {}, token)).body.has_new_notifications).toBe(true);
  });
});
