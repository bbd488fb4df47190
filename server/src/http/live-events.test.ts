import { apikeys, auth, orders } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchHeads } from '../db/schema';
import { createTestApp, loginAs, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { createOrderWorld, type OrderWorld } from '../test/orders.factories';
import { createWmsWorld, insertCompleteDraft } from '../test/wms.factories';

let app: TestApp;
let base: string;
const open: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  app = await createTestApp({ LIVE_STREAMS_PER_SESSION: 2, LIVE_STREAMS_PER_USER: 3 });
  base = await app.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const stream of open) await stream.close();
});

interface LiveEvent {
  event: string;
  data: unknown;
}

/** An open stream of live updates, read as its events come. */
async function openStream(token: string | undefined, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { ...(token ? { authorization: `SessionCode ${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: LiveEvent[] = [];
  let done = false;

  /** Reads until an event the predicate accepts has come, or the stream ended. */
  const readUntil = async (wanted: (event: LiveEvent) => boolean): Promise<LiveEvent | undefined> => {
    for (;;) {
      const found = events.find(wanted);
      if (found || done) return found;
      const chunk = await reader.read();
      if (chunk.done) {
        done = true;
        continue;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
        end = buffer.indexOf('\n\n');
      }
    }
  };
  const stream = {
    response,
    events,
    readUntil,
    /** Resolves once the server has ended the stream. */
    ended: async () => {
      await readUntil(() => false);
      return done;
    },
    close: async () => {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
  open.push(stream);
  return stream;
}

const orderEvent = (kind: 'purch' | 'sales', id: number, progress?: string) => (event: LiveEvent) => {
  const data = event.data as { kind: string; id: number; progress: string };
  return (
    event.event === 'order' &&
    data.kind === kind &&
    data.id === id &&
    (progress === undefined || data.progress === progress)
  );
};

async function setReady(token: string, headId: number) {
  const response = await app.call(orders.purch.setReady, { head_id: headId }, token);
  expect(response.body.failure).toBeUndefined();
}

describe('GET /api/events', () => {
  let ours: OrderWorld;
  let theirs: OrderWorld;
  let ourToken: string;
  let theirToken: string;

  beforeAll(async () => {
    ours = await createWmsWorld(app.deps.db);
    theirs = await createWmsWorld(app.deps.db);
    ourToken = await loginAs(app, ours.user);
    theirToken = await loginAs(app, theirs.user);
  });

  it('refuses a caller without a session (401)', async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ failure: { code: 'unauthorized' } });
    const unknown = await fetch(`${base}/api/events`, {
      headers: { authorization: `SessionCode ${'x'.repeat(43)}` },
    });
    expect(unknown.status).toBe(401);
  });

  it('refuses an API key (403): a stream is a person’s own', async () => {
    const keeper = await createUser(app.deps.db, {
      permissions: ['umgr', 'pord'],
      companyIds: [ours.company.id],
    });
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const added = await app.call(
      apikeys.addKey,
      { name: 'ERP', permissions: ['pord'], expires: { $date: expires } },
      await loginAs(app, keeper),
    );
    expect(added.body.failure).toBeUndefined();
    const response = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${added.body.secret}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      failure: { code: 'forbidden', details: { reason: 'not_for_api_keys' } },
    });
  });

  it('is in the OpenAPI document, for sessions only', async () => {
    const document = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/api/events'].get.security).toEqual([{ session: [] }]);
  });

  it('pushes the moves of its own company’s orders, never another company’s', async () => {
    const stream = await openStream(ourToken, { 'accept-encoding': 'gzip' });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Events reach the client as they are written, never held back by compression.
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    const theirOrder = await insertCompleteDraft(app.deps.db, 'purch', theirs);
    const ourOrder = await insertCompleteDraft(app.deps.db, 'purch', ours);
    // Their move commits first: had it been sent to us, it would come before ours.
    await setReady(theirToken, theirOrder);
    await setReady(ourToken, ourOrder);
    const move = await stream.readUntil(orderEvent('purch', ourOrder, 'ready'));
    expect(move?.data).toEqual({ kind: 'purch', id: ourOrder, progress: 'ready', status: null });
    expect(stream.events.some(orderEvent('purch', theirOrder))).toBe(false);
    await stream.close();
  });

  it('pushes a move to role 99, whose streams carry every company', async () => {
    const admin = await createUser(app.deps.db, { roleId: 99, permissions: ['pord', 'sord'] });
    const stream = await openStream(await loginAs(app, admin));
    const theirOrder = await insertCompleteDraft(app.deps.db, 'purch', theirs);
    await setReady(theirToken, theirOrder);
    expect(await stream.readUntil(orderEvent('purch', theirOrder))).toBeDefined();
    await stream.close();
  });

  it('leaves out orders of a kind the user has no permission for', async () => {
    const salesOnly = await createUser(app.deps.db, { permissions: ['sord'], companyIds: [ours.company.id] });
    const stream = await openStream(await loginAs(app, salesOnly));
    const purch = await insertCompleteDraft(app.deps.db, 'purch', ours);
    const sales = await insertCompleteDraft(app.deps.db, 'sales', ours);
    await setReady(ourToken, purch);
    const response = await app.call(orders.sales.setReady, { head_id: sales }, ourToken);
    expect(response.body.failure).toBeUndefined();
    expect(await stream.readUntil(orderEvent('sales', sales))).toBeDefined();
    expect(stream.events.some(orderEvent('purch', purch))).toBe(false);
    await stream.close();
  });

  it('announces nothing of a change that rolled back', async () => {
    const stream = await openStream(ourToken);
    const rolledBack = await insertCompleteDraft(app.deps.db, 'purch', ours);
    const committed = await insertCompleteDraft(app.deps.db, 'purch', ours);
    await app.deps.db
      .transaction(async (tx) => {
        await tx.update(purchHeads).set({ progress: 'sent' }).where(eq(purchHeads.id, rolledBack));
        throw new Error('rolled back');
      })
      .catch(() => {});
    await app.deps.db.update(purchHeads).set({ progress: 'sent' }).where(eq(purchHeads.id, committed));
    expect(await stream.readUntil(orderEvent('purch', committed, 'sent'))).toBeDefined();
    expect(stream.events.some(orderEvent('purch', rolledBack, 'sent'))).toBe(false);
    await stream.close();
  });

  it('tells a user their bell changed, and only them', async () => {
    // A colleague who keeps the moves of orders: a move's system comment notifies them.
    const colleague = await createUser(app.deps.db, {
      permissions: ['pord'],
      companyIds: [ours.company.id],
      notificationTypes: ['pord', 'omov'],
    });
    const outsider = await createOrderWorld(app.deps.db, { notificationTypes: ['pord', 'omov'] });
    const colleagueStream = await openStream(await loginAs(app, colleague));
    const outsiderStream = await openStream(await loginAs(app, outsider.user));
    const order = await insertCompleteDraft(app.deps.db, 'purch', ours);
    await setReady(ourToken, order);
    expect(await colleagueStream.readUntil((event) => event.event === 'notifications')).toBeDefined();
    expect(
      (await app.call(auth.getSession, {}, await loginAs(app, colleague))).body.has_new_notifications,
    ).toBe(true);
    // The outsider's stream goes on; a move of their own company comes, no bell came before it.
    const theirOwn = await insertCompleteDraft(app.deps.db, 'purch', outsider);
    await app.deps.db.update(purchHeads).set({ progress: 'sent' }).where(eq(purchHeads.id, theirOwn));
    expect(await outsiderStream.readUntil(orderEvent('purch', theirOwn))).toBeDefined();
    expect(outsiderStream.events.some((event) => event.event === 'notifications')).toBe(false);
    await colleagueStream.close();
    await outsiderStream.close();
  });

  it('ends when the session is signed out', async () => {
    const token = await loginAs(app, ours.user);
    const stream = await openStream(token);
    expect(stream.response.status).toBe(200);
    expect((await app.call(auth.logout, {}, token)).status).toBe(200);
    expect(await stream.ended()).toBe(true);
    // The same session cannot open another.
    expect(
      (await fetch(`${base}/api/events`, { headers: { authorization: `SessionCode ${token}` } })).status,
    ).toBe(401);
  });

  it('holds at most LIVE_STREAMS_PER_SESSION streams per session, LIVE_STREAMS_PER_USER per user', async () => {
    const user = await createUser(app.deps.db, { permissions: ['pord'], companyIds: [ours.company.id] });
    const token = await loginAs(app, user);
    const streams = [];
    for (let i = 0; i < 2; i++) streams.push(await openStream(token));
    expect(streams.every((stream) => stream.response.status === 200)).toBe(true);
    const refused = await fetch(`${base}/api/events`, { headers: { authorization: `SessionCode ${token}` } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      failure: { code: 'rate_limited', details: { reason: 'too_many_streams' } },
    });
    // Another session of the same user has room for one more, up to the user's 3.
    const other = await loginAs(app, user);
    streams.push(await openStream(other));
    expect(streams[2]!.response.status).toBe(200);
    const overUser = await fetch(`${base}/api/events`, {
      headers: { authorization: `SessionCode ${other}` },
    });
    expect(overUser.status).toBe(429);
    // A closed one makes room again.
    await streams[0]!.close();
    let again: Response | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      again = await fetch(`${base}/api/events`, { headers: { authorization: `SessionCode ${token}` } });
      if (again.status === 200) break;
      await again.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again?.status).toBe(200);
    await again?.body?.cancel();
    for (const stream of streams) await stream.close();
  });
});

describe('GET /api/events on a full instance', () => {
  let small: TestApp;
  let smallBase: string;

  beforeAll(async () => {
    small = await createTestApp({ LIVE_STREAMS_PER_INSTANCE: 2 });
    smallBase = await small.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('holds at most LIVE_STREAMS_PER_INSTANCE streams, whoever opens them: 503 with Retry-After past it', async () => {
    const world = await createWmsWorld(small.deps.db);
    const users = await Promise.all(
      [1, 2, 3].map(() =>
        createUser(small.deps.db, { permissions: ['pord'], companyIds: [world.company.id] }),
      ),
    );
    const tokens = [];
    for (const user of users) tokens.push(await loginAs(small, user));
    const get = (token: string, signal?: AbortSignal) =>
      fetch(`${smallBase}/api/events`, { headers: { authorization: `SessionCode ${token}` }, signal });
    const controllers = [new AbortController(), new AbortController()];
    const first = await get(tokens[0]!, controllers[0]!.signal);
    const second = await get(tokens[1]!, controllers[1]!.signal);
    expect([first.status, second.status]).toEqual([200, 200]);
    // A third user, well within their own limits, finds the instance full.
    const refused = await get(tokens[2]!);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({
      failure: { code: 'server_unavailable', details: { reason: 'too_many_streams' } },
    });
    // A stream that ends makes room again.
    controllers[0]!.abort();
    await first.body?.cancel().catch(() => {});
    let again: Response | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      again = await get(tokens[2]!);
      if (again.status === 200) break;
      await again.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again?.status).toBe(200);
    await again?.body?.cancel();
    controllers[1]!.abort();
    await second.body?.cancel().catch(() => {});
  });
});
