/**
 * Load benchmarks: the server in this process on a fresh embedded database with the demo data,
 * driven by autocannon over loopback. Prints requests per second and latency per call; it
 * measures, it asserts nothing. BENCH_SECONDS sets the duration of each run (default 5),
 * DATABASE_URL runs it against PostgreSQL instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@extranet/server/src/app';
import { loadConfig } from '@extranet/server/src/config';
import { loadDemoIfEmpty } from '@extranet/server/src/demo/load';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-bench-'));

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  LOGIN_RATE_LIMIT: '100000',
});
const { app, deps } = await buildApp(config);
app.get('/bench/bare', async () => ({ ok: true }));
await loadDemoIfEmpty(deps.db, app.log);
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const login = await fetch(`${address}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: 'admin-demo-1' }),
});
const { session_code: token } = (await login.json()) as { session_code: string };

interface Case {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const cases: Case[] = [
  { name: 'bare route (baseline)', method: 'GET', path: '/bench/bare' },
  { name: 'auth/get_session', path: '/api/auth/get_session', body: {} },
  {
    name: 'auth/list_users (page of 50)',
    path: '/api/auth/list_users',
    body: { count: 50, with_total: true },
  },
  { name: 'auth/list_users smart search', path: '/api/auth/list_users', body: { filters: { smart: 'an' } } },
  // Role 99 across every company: the searches and orderings the list indexes serve.
  {
    name: 'stock/list_stocks smart search',
    path: '/api/stock/list_stocks',
    body: { filters: { smart: 'juice' }, count: 50, with_total: true },
  },
  {
    name: 'stock/list_stocks by -expiry_date',
    path: '/api/stock/list_stocks',
    body: { ordering: '-expiry_date', count: 50, with_total: true },
  },
  {
    name: 'purch/list_orders smart search',
    path: '/api/orders/purch/list_orders',
    body: { filters: { smart: 'PO-2026-0001' }, count: 50, with_total: true },
  },
  {
    name: 'purch/list_orders by status',
    path: '/api/orders/purch/list_orders',
    body: { filters: { is_template: false }, ordering: 'status', count: 50, with_total: true },
  },
];

const rows: string[][] = [];
for (const c of cases) {
  const result = await autocannon({
    url: `${address}${c.path}`,
    method: c.method ?? 'POST',
    connections: 10,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `SessionCode ${token}` },
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });
  rows.push([
    c.name,
    result.requests.average.toFixed(0),
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    String(result.non2xx),
  ]);
}

console.log(
  `\n${'call'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} non2xx`,
);
for (const row of rows) {
  console.log(
    `${row[0]!.padEnd(34)} ${row[1]!.padStart(8)} ${row[2]!.padStart(8)} ${row[3]!.padStart(8)} ${row[4]}`,
  );
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
