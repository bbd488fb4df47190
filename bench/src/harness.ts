/**
 * The bench harness: the server and a bare Fastify route each run as a process of their own, and
 * autocannon drives them from this process over loopback. Rounds interleave every row with the
 * bare route, so a change in the machine's load touches all of them alike; each figure is the
 * median of its rounds. CPU per call is the process's own user + system time (from
 * /proc/<pid>/stat, every thread of it) over the calls answered in that time.
 *
 * Scenario files (demo.ts, large.ts) build on startServer / startBare / measure / printTable.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The built server; BENCH_SERVER_MAIN names another build's main.js instead (an earlier commit's,
 * built apart), to measure it at the same machine load as this one.
 */
const SERVER_MAIN = process.env.BENCH_SERVER_MAIN
  ? path.resolve(process.env.BENCH_SERVER_MAIN)
  : path.join(ROOT, 'server/dist/main.js');
const BARE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare.mjs');
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface Target {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface Options {
  seconds: number;
  rounds: number;
  connections: number;
}

export interface RunOptions extends Options {
  large: boolean;
  /** Open clients (open-clients.ts): how many, 0 for none; order moves a second; window seconds. */
  clients: number;
  moves: number;
  window: number;
  /** Moves a second one client sees, for the open clients' second capacity figure. */
  visible: number;
  /** `--no-embedded`: the per-call rows on PostgreSQL only (with DATABASE_URL). */
  embedded: boolean;
}

export function readOptions(argv: readonly string[]): RunOptions {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  return {
    seconds: Number(value('--seconds') ?? process.env.BENCH_SECONDS ?? 5),
    rounds: Number(value('--rounds') ?? process.env.BENCH_ROUNDS ?? 3),
    connections: Number(value('--connections') ?? 32),
    large: argv.includes('--large'),
    clients: Number(value('--clients') ?? 1000),
    moves: Number(value('--moves') ?? 4),
    window: Number(value('--window') ?? 30),
    visible: Number(value('--visible') ?? 0.05),
    embedded: !argv.includes('--no-embedded'),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

function stopper(child: ChildProcess, after?: () => void) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    after?.();
  };
}

/** The bare route's process. */
export async function startBare(): Promise<Target> {
  const port = await freePort();
  const child = spawn(process.execPath, [BARE], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}/bare`, child, 'the bare Fastify process', 30_000);
  return { name: 'bare Fastify', url, pid: child.pid!, stop: stopper(child) };
}

/**
 * The built server (server/dist, `npm run build`) as `npm start` runs it, on its own port: on
 * the PostgreSQL of `databaseUrl`, or on a fresh embedded database in a temporary directory. It
 * logs at its default level (info) into /dev/null, so logging costs what it costs in production.
 * `demo` loads the demo data into an empty database, as a first start does.
 */
export async function startServer(options: {
  name: string;
  databaseUrl?: string;
  demo?: boolean;
  env?: Record<string, string>;
  /** Another build's main.js (default: SERVER_MAIN). */
  main?: string;
  /** An embedded database's directory to open, kept afterwards (default: a new one, removed). */
  dataDir?: string;
}): Promise<Target> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'extranet-bench-'));
  const args = [
    '--enable-source-maps',
    options.main ?? SERVER_MAIN,
    '--port',
    String(port),
    '--data-dir',
    dataDir,
  ];
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools or summarise it with `node bench/src/profile-top.mjs <file>`).
  if (process.env.BENCH_CPU_PROF)
    args.unshift('--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF));
  if (options.demo === false) args.push('--no-demo');
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    LOGIN_RATE_LIMIT: '100000',
    AUTH_FAILURE_RATE_LIMIT: '100000',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}/config.json`, child, options.name, 600_000);
  return {
    name: options.name,
    url,
    pid: child.pid!,
    stop: stopper(child, () => {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    }),
  };
}

export async function signIn(target: Target, username: string, password: string): Promise<string> {
  const response = await fetch(`${target.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { session_code?: string };
  if (!body.session_code) throw new Error(`sign-in as ${username} failed: ${JSON.stringify(body)}`);
  return body.session_code;
}

/** User + system CPU time of a process, every thread, in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** One line of the table: a call on a target, or the bare route. */
export interface Row {
  name: string;
  target: Target;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  /** Extra headers, e.g. the background-refresh one. */
  headers?: Record<string, string>;
  /**
   * Another client calling this, one call after another, for as long as the row is measured:
   * what the measured calls go through while the server is busy with it.
   */
  background?: { path: string; body: unknown; token?: string };
}

export interface RunResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMsPerCall: number;
  failures: number;
}

/** Calls one call after another until stopped; resolves to the number of calls answered. */
function loopCalls(target: Target, call: NonNullable<Row['background']>): { stop(): Promise<number> } {
  let running = true;
  const loop = (async () => {
    let calls = 0;
    while (running) {
      const response = await fetch(`${target.url}${call.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(call.token ? { authorization: `SessionCode ${call.token}` } : {}),
        },
        body: JSON.stringify(call.body),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the background call ${call.path} answered ${response.status}`);
      calls++;
    }
    return calls;
  })();
  return {
    stop: async () => {
      running = false;
      return loop;
    },
  };
}

export async function runOnce(row: Row, options: Options): Promise<RunResult> {
  const background = row.background ? loopCalls(row.target, row.background) : undefined;
  const before = cpuMs(row.target.pid);
  const result = await autocannon({
    url: `${row.target.url}${row.path}`,
    method: row.method ?? 'POST',
    connections: options.connections,
    duration: options.seconds,
    headers: {
      'content-type': 'application/json',
      // As a browser sends it: answers of 1 KB and more come compressed.
      'accept-encoding': 'gzip, deflate, br',
      ...(row.token ? { authorization: `SessionCode ${row.token}` } : {}),
      ...row.headers,
    },
    body: row.body === undefined ? undefined : JSON.stringify(row.body),
  });
  const cpu = cpuMs(row.target.pid) - before;
  const calls = result.requests.total;
  if (background) {
    const slow = await background.stop();
    console.error(`  ${row.name}: the other client's calls answered meanwhile: ${slow}`);
  }
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerCall: calls > 0 ? cpu / calls : Number.NaN,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface Measured extends RunResult {
  name: string;
}

/**
 * Interleaved rounds: each round runs the bare route and then every row once; the result of each
 * row (the bare one first) is the median of its rounds, failures summed.
 */
export async function measure(bare: Row, rows: Row[], options: Options): Promise<Measured[]> {
  const all = [bare, ...rows];
  const runs = all.map(() => [] as RunResult[]);
  for (let round = 1; round <= options.rounds; round++) {
    for (const [index, row] of all.entries()) {
      const result = await runOnce(row, options);
      runs[index]!.push(result);
      console.error(
        `round ${round}/${options.rounds} ${row.name}: ${result.requestsPerSecond.toFixed(0)} req/s, ` +
          `${result.cpuMsPerCall.toFixed(3)} ms CPU/call${result.failures ? `, ${result.failures} failed` : ''}`,
      );
    }
  }
  return all.map((row, index) => {
    const results = runs[index]!;
    return {
      name: row.name,
      requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
      p50: median(results.map((r) => r.p50)),
      p99: median(results.map((r) => r.p99)),
      cpuMsPerCall: median(results.map((r) => r.cpuMsPerCall)),
      failures: results.reduce((sum, r) => sum + r.failures, 0),
    };
  });
}

/** A Markdown table: the first result is the bare route every ratio is taken against. */
export function printTable(title: string, results: Measured[]): void {
  const [bare] = results;
  if (!bare) return;
  const lines = [
    `\n### ${title}\n`,
    '| call | req/s | × bare | p50 ms | p99 ms | CPU ms/call | × bare | failed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${(r.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} | ` +
        `${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.cpuMsPerCall.toFixed(3)} | ` +
        `${(r.cpuMsPerCall / bare.cpuMsPerCall).toFixed(1)} | ${r.failures} |`,
    );
  }
  console.log(lines.join('\n'));
}

/**
 * A scratch database beside the one DATABASE_URL names, on the same server, dropped afterwards:
 * the bench never writes into the database it is pointed at.
 */
export async function scratchDatabase(
  databaseUrl: string,
): Promise<{ url: string; analyze(): Promise<void>; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `extranet_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /**
     * The planner's statistics of every table, as autovacuum gathers them on a database in use: a
     * database loaded moments ago has none yet, and its plans are not the ones production runs.
     */
    analyze: async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query('analyze');
      await client.end();
    },
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
