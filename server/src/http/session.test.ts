import { auth } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { createTestApp, loginAs, type TestApp } from '../test/app';
import { createUser } from '../test/factories';

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
