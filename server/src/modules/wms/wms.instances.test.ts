import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { auth, orders } from '@extranet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { jobs, purchHeads, salesHeads } from '../../db/schema';
import { dropTestDatabase, openTestDatabase, testConfig } from '../../test/app';
import type { OrderWorld } from '../../test/orders.factories';
import {
  createWmsWorld,
  insertCompleteDraft,
  recordingConnector,
  SIMULATED_LIFE,
  systemTexts,
  testSimulator,
  WORKER,
} from '../../test/wms.factories';
import { SEND_JOB } from '../orders/orders.sends';
import { processSendJobs } from './wms.sends';
import { storeDueSimulatedPapers } from './wms.simulator-documents';
import { applyDueSimulatedEvents } from './wms.simulator-events';

/**
 * Two server instances on one database, as two processes behind a load balancer would be. With
 * TEST_DATABASE_URL (CI), each instance has its own connection pool to one fresh PostgreSQL
 * database, so their workers really run at once; without it, both share one embedded database,
 * which serialises their transactions but still runs both instances' claiming code side by side.
 */
async function openSharedDatabase(): Promise<{ a: Database; b: Database; close(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openTestDatabase();
    return { a: database, b: database, close: () => database.close() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const a = await openDatabase({ url: target.toString() });
  const b = await openDatabase({ url: target.toString() });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await dropTestDatabase(url, name);
    },
  };
}

/**
 * On PostgreSQL the instances' workers really race, so many orders give them the chance to; on the
 * embedded database their transactions take turns, and a few dozen show the same.
 */
const ORDERS_PER_KIND = process.env.TEST_DATABASE_URL ? 100 : 30;

let shared: Awaited<ReturnType<typeof openSharedDatabase>>;
let first: BuiltApp;
let second: BuiltApp;
let world: OrderWorld;

beforeAll(async () => {
  shared = await openSharedDatabase();
  first = await buildApp(testConfig(), { database: shared.a, jobs: false });
  second = await buildApp(testConfig(), { database: shared.b, jobs: false });
  world = await createWmsWorld(first.deps.db);
}, 120_000);

afterAll(async () => {
  await first?.app.close();
  await second?.app.close();
  await shared?.close();
});

async function call(instance: BuiltApp, path: string, body: unknown, token?: string) {
  const response = await instance.app.inject({
    method: 'POST',
    url: `/api${path}`,
    payload: body as object,
    headers: token ? { authorization: `SessionCode ${token}` } : {},
  });
  return response.json();
}

async function liveJobs(): Promise<number> {
  const [row] = await first.deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
  return row!.count;
}

describe('two server instances on one database', () => {
  it(`send each of ${2 * ORDERS_PER_KIND} ready orders exactly once and apply each warehouse report once`, async () => {
    const db = first.deps.db;
    const ids = { purch: [] as number[], sales: [] as number[] };
    for (let i = 0; i < ORDERS_PER_KIND; i++) {
      ids.purch.push(await insertCompleteDraft(db, 'purch', world, [{ skuIndex: 0, qty: '2' }]));
      ids.sales.push(await insertCompleteDraft(db, 'sales', world, [{ skuIndex: 1, qty: '1' }]));
    }
    const login = { username: world.user.username, password: world.user.password };
    const tokens = [
      (await call(first, auth.login.path, login)).session_code as string,
      (await call(second, auth.login.path, login)).session_code as string,
    ];
    // Every other order is set ready through the other instance, ten calls at a time.
    const readies = (['purch', 'sales'] as const).flatMap((kind) =>
      ids[kind].map((headId, i) => ({ kind, headId, instance: i % 2 })),
    );
    for (let i = 0; i < readies.length; i += 10) {
      const answers = await Promise.all(
        readies
          .slice(i, i + 10)
          .map(({ kind, headId, instance }) =>
            call(
              instance === 0 ? first : second,
              orders[kind].setReady.path,
              { head_id: headId },
              tokens[instance],
            ),
          ),
      );
      for (const answer of answers) expect(answer.failure).toBeUndefined();
    }

    const recorders = [first, second].map((instance) => recordingConnector(testSimulator(instance.deps.db)));
    const deadline = Date.now() + 120_000;
    while ((await liveJobs()) > 0 && Date.now() < deadline) {
      const done = await Promise.all([
        processSendJobs(first.deps.db, recorders[0]!.connector, WORKER),
        processSendJobs(second.deps.db, recorders[1]!.connector, WORKER),
        applyDueSimulatedEvents(first.deps.db),
        applyDueSimulatedEvents(second.deps.db),
        storeDueSimulatedPapers({ deps: first.deps, storage: first.storage }),
        storeDueSimulatedPapers({ deps: second.deps, storage: second.storage }),
      ]);
      if (done.every((count) => count === 0)) await sleep(200);
    }
    expect(await liveJobs()).toBe(0);

    const sends = recorders.flatMap((recorder) => recorder.sends);
    expect(sends).toHaveLength(2 * ORDERS_PER_KIND);
    expect(new Set(sends.map((send) => `${send.kind}:${send.headId}`)).size).toBe(2 * ORDERS_PER_KIND);
    // Both instances took part.
    expect(recorders[0]!.sends.length).toBeGreaterThan(0);
    expect(recorders[1]!.sends.length).toBeGreaterThan(0);

    const sendJobs = await db.select().from(jobs).where(eq(jobs.kind, SEND_JOB));
    expect(sendJobs).toHaveLength(2 * ORDERS_PER_KIND);
    expect(sendJobs.every((job) => job.attempts === 1 && job.doneAt !== null)).toBe(true);

    for (const table of [purchHeads, salesHeads]) {
      const heads = await db.select({ progress: table.progress }).from(table);
      expect(heads.every((head) => head.progress === 'sync')).toBe(true);
    }
    for (const kind of ['purch', 'sales'] as const) {
      for (const headId of ids[kind]) {
        const texts = await systemTexts(db, kind, headId);
        expect(texts.filter((text) => text.code !== 'order_document_added')).toEqual(SIMULATED_LIFE[kind]);
        // The simulator's two papers, each stored once.
        const papers = texts.filter((text) => text.code === 'order_document_added').map((text) => text.type);
        expect(papers.sort()).toEqual(['delivery_note', 'pod']);
      }
    }
  }, 300_000);
});
