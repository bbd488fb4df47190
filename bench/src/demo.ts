/**
 * The hot calls at the demo data's size: get_session (every open tab's refresh) and a page of 50
 * purchase orders with its total, as role 99, on PostgreSQL (when DATABASE_URL is set: a scratch
 * database on that server) and on the embedded database, each server a process of its own. Then
 * get_session again while one other client loops a slow list (every order of the demo, found by a
 * text, up to 1,000 with their total): what other tabs go through while the database is busy.
 * Then, on the same servers, what open clients cost (open-clients.ts).
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Measured,
  measure,
  printTable,
  type Row,
  type RunOptions,
  scratchDatabase,
  signIn,
  startBare,
  startServer,
  type Target,
} from './harness';
import { type OpenClientsResult, printOpenClients, runOpenClients } from './open-clients';

/**
 * The open clients' moves stay where they are put (no send to the warehouse), and one user holds
 * every client's stream. The demo's own ready orders still go to the simulated warehouse at the
 * start: its reports come half a second apart, so that they are over before anything is measured
 * (at the default 20 s they went on for minutes, and on the embedded database they took 10 to
 * 18 % of a core in whatever window they fell).
 */
const SIM_STEP_MS = 500;
const SERVER_ENV = {
  WMS_SEND_DELAY_MS: '3600000',
  LIVE_STREAMS_PER_USER: '1000000',
  WMS_SIM_STEP_MS: String(SIM_STEP_MS),
};

/** Waits until the demo's ready orders are sent and the simulated warehouse's last report is in. */
async function waitForQuietWarehouse(target: Target): Promise<void> {
  const token = await signIn(target, 'admin', 'admin-demo-1');
  const ready = async (kind: 'purch' | 'sales') => {
    const response = await fetch(`${target.url}/api/orders/${kind}/list_orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `SessionCode ${token}` },
      body: JSON.stringify({ filters: { progress: 'ready' }, count: 1, with_total: true }),
    });
    // A refused list would read as no ready orders, and the bench would measure a busy server.
    if (!response.ok) throw new Error(`${target.name}: list_orders answered ${response.status}`);
    return ((await response.json()) as { total: number }).total;
  };
  const deadline = Date.now() + 300_000;
  while ((await ready('purch')) + (await ready('sales')) > 0) {
    if (Date.now() > deadline) throw new Error(`${target.name}: the demo's ready orders were not sent`);
    await sleep(1_000);
  }
  // The simulator's last report comes three steps after its last acceptance.
  await sleep(3 * SIM_STEP_MS + 2_000);
}

/** Every purchase order of the demo (200) whose text holds "PO-2026", with the total. */
const SLOW_LIST = { count: 1000, with_total: true, filters: { smart: 'PO-2026' } };

export async function runDemo(options: RunOptions): Promise<Measured[]> {
  const targets: Target[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const scratches: Array<{ analyze(): Promise<void> }> = [];
  try {
    const bare = await startBare();
    targets.push(bare);
    const servers: Array<{ label: string; target: Target }> = [];
    if (process.env.DATABASE_URL) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL);
      scratches.push(scratch);
      cleanups.push(scratch.drop);
      const target = await startServer({
        name: 'PostgreSQL server',
        databaseUrl: scratch.url,
        env: SERVER_ENV,
      });
      targets.push(target);
      servers.push({ label: 'PostgreSQL', target });
      // BENCH_BEFORE_MAIN=<an earlier build's main.js>: that build too, on a scratch database of
      // its own, measured in the same interleaved rounds (before and after at the same load).
      const before = process.env.BENCH_BEFORE_MAIN;
      if (before) {
        const scratchBefore = await scratchDatabase(process.env.DATABASE_URL);
        scratches.push(scratchBefore);
        cleanups.push(scratchBefore.drop);
        const target = await startServer({
          name: 'PostgreSQL server (before)',
          databaseUrl: scratchBefore.url,
          env: SERVER_ENV,
          main: path.resolve(before),
        });
        targets.push(target);
        servers.push({ label: 'PostgreSQL, before', target });
      }
    } else {
      console.error('DATABASE_URL is not set: measuring the embedded database only');
    }
    if (options.embedded || servers.length === 0) {
      const embedded = await startServer({ name: 'embedded server', env: SERVER_ENV });
      targets.push(embedded);
      servers.push({ label: 'embedded', target: embedded });
    }

    for (const { target } of servers) await waitForQuietWarehouse(target);
    for (const scratch of scratches) await scratch.analyze();
    const rows: Row[] = [];
    for (const { label, target } of servers) {
      const token = await signIn(target, 'admin', 'admin-demo-1');
      rows.push(
        { name: `get_session, ${label}`, target, path: '/api/auth/get_session', body: {}, token },
        {
          name: `purch list_orders 50 + total, ${label}`,
          target,
          path: '/api/orders/purch/list_orders',
          body: { count: 50, with_total: true },
          token,
        },
        {
          name: `get_session beside a slow list, ${label}`,
          target,
          path: '/api/auth/get_session',
          body: {},
          token,
          background: { path: '/api/orders/purch/list_orders', body: SLOW_LIST, token },
        },
      );
    }
    // BENCH_ROWS=<text>: only the rows whose name holds it (a profile of one call).
    const only = process.env.BENCH_ROWS;
    const results = await measure(
      { name: 'bare Fastify route', target: bare, method: 'GET', path: '/bare' },
      only ? rows.filter((row) => row.name.includes(only)) : rows,
      options,
    );
    printTable(
      `Demo data, ${options.connections} connections, ${options.rounds} rounds of ${options.seconds} s, medians`,
      results,
    );
    if (options.clients > 0) {
      const open: OpenClientsResult[] = [];
      for (const { label, target } of servers) {
        open.push(
          await runOpenClients(label, target, {
            clients: options.clients,
            seconds: options.window,
            movesPerSecond: options.moves,
          }),
        );
      }
      printOpenClients(open, {
        clients: options.clients,
        seconds: options.window,
        movesPerSecond: options.moves,
        visible: options.visible,
      });
    }
    return results;
  } finally {
    for (const target of targets.reverse()) await target.stop();
    for (const cleanup of cleanups) await cleanup();
  }
}
