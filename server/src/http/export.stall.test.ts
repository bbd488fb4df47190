import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth, orders } from '@extranet/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchHeads } from '../db/schema';
import { createTestApp, loginAs, type TestApp } from '../test/app';
import { TEST_PASSWORD } from '../test/factories';
import { createOrderWorld } from '../test/orders.factories';

/**
 * Downloads that stall or break off (issue 28, findings 6 and 13): the export's work and its
 * transaction end whatever the client does, so every other call keeps answering, on the embedded
 * database (one connection for everybody) and on PostgreSQL (no connection left idle in
 * transaction). Run on both by CI.
 */

const ROWS = 20_000;
/** The run's database: CI runs the server tests once on each (.ci/run). */
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded';

/** Resolves with the promise's value, or rejects once `ms` have passed without one. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms),
    ),
  ]);
}

describe(`exports on the ${kind} database`, () => {
  let app: TestApp;
  let token: string;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp();
    const world = await createOrderWorld(app.deps.db);
    await app.deps.db.execute(sql`
      insert into ${purchHeads} (consignee_id, external_code, vendor_reference)
      select ${world.consignee.id}, 'STALL-' || n, md5(n::text) || md5((n + 1)::text) from generate_series(1, ${ROWS}) as n`);
    token = await loginAs(app, { username: world.user.username, password: TEST_PASSWORD });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.app.server.address() as AddressInfo).port;
  }, 120_000);

  /** Starts an export over real HTTP; answers the request and its response once the first bytes came. */
  function startExport(format: 'csv' | 'xlsx') {
    const body = JSON.stringify({ filters: { smart: 'STALL-' }, format });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api${orders.purch.exportOrders.path}`,
      headers: {
        authorization: `SessionCode ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        // Uncompressed, so that the file is far larger than the socket's buffers.
        'accept-encoding': 'identity',
      },
    });
    request.on('error', () => {});
    const firstBytes = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', (response) => {
        response.once('data', () => {
          response.pause();
          resolve(response);
        });
        response.on('error', () => {});
      });
      request.once('error', reject);
    });
    firstBytes.catch(() => {});
    request.end(body);
    return { request, firstBytes };
  }

  /** Other users' calls: a session check and a list, each answering 200 in good time. */
  async function othersAnswer() {
    const session = await within(app.call(auth.getSession, {}, token), 10_000, 'get_session');
    expect(session.status).toBe(200);
    const list = await within(app.call(orders.purch.listOrders, {}, token), 10_000, 'list');
    expect(list.status).toBe(200);
  }

  /** Connections of this test's database idle inside a transaction (PostgreSQL only). */
  async function idleInTransaction() {
    const result = (await app.deps.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]!.n;
  }

  it.each(['csv', 'xlsx'] as const)(
    'a %s reader that stalls holds nothing',
    async (format) => {
      const { request, firstBytes } = startExport(format);
      const response = await within(firstBytes, 60_000, 'the export');
      expect(response.statusCode).toBe(200);
      // The reader stops reading; the server has far more to send than the socket holds.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await othersAnswer();
      if (kind === 'postgres') expect(await idleInTransaction()).toBe(0);
      request.destroy();
    },
    120_000,
  );

  it.each(['csv', 'xlsx'] as const)(
    'a %s download broken off ends its work at once',
    async (format) => {
      const { request, firstBytes } = startExport(format);
      await within(firstBytes, 60_000, 'the export');
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await othersAnswer();
      if (kind === 'postgres') expect(await idleInTransaction()).toBe(0);
    },
    120_000,
  );

  it('a client that leaves before the file is ready stops the export', async () => {
    const { request } = startExport('csv');
    await new Promise((resolve) => setTimeout(resolve, 100));
    request.destroy();
    await othersAnswer();
    if (kind === 'postgres') {
      // The export's query is gone at the next batch, its transaction rolled back.
      const deadline = Date.now() + 10_000;
      let open = 1;
      while (Date.now() < deadline) {
        const result = (await app.deps.db.execute(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and (state like 'idle in transaction%' or query ilike '%fetch forward%')
            and state <> 'idle'`)) as unknown as { rows: { n: number }[] };
        open = result.rows[0]!.n;
        if (open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(open).toBe(0);
    }
  }, 120_000);
});
