import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-lifecycle-'));
const children: ChildProcess[] = [];

// The server as production runs it: built into dist/, as npm start builds it when the build is
// missing or older than its sources (npm test has built it before the server tests).
beforeAll(() => {
  execFileSync(process.execPath, ['../scripts/build.mjs', '--if-stale', 'server'], {
    cwd: serverDir,
    stdio: 'inherit',
  });
}, 120_000);

/** Starts the built server; its output is kept for the test to show when something goes wrong. */
function spawnServer(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js', ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', LOGIN_RATE_LIMIT: '10000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(
  options: { dir?: string; args?: string[]; env?: Record<string, string> } = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawnServer(
    ['--port', String(port), '--data-dir', options.dir ?? dataDir, ...(options.args ?? [])],
    options.env,
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/config.json`)).ok) return { child, url, output: () => output, exited };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `server did not answer within 180 s; its log (the last step tells what it waits on):\n${output}`,
  );
}

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `SessionCode ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const login = async (server: Server) =>
  (await post(`${server.url}/api/auth/login`, { username: 'admin', password: 'admin-demo-1' })).body
    .session_code as string;

describe('embedded database life', () => {
  it('loses no acknowledged write when killed, keeps a second process off, closes cleanly', async () => {
    const first = await startServer();
    // Each step a start may wait on is in its log, so a start that hangs says where.
    for (const step of [
      'starting',
      'creating the embedded database (first start)',
      'applying database migrations',
    ]) {
      expect(first.output()).toContain(step);
    }
    const token = await login(first);
    const companies = await post(`${first.url}/api/auth/list_linked_companies`, {}, token);
    const companyId = companies.body.items[0].company_id;

    const acknowledged: string[] = [];
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        const username = `crash-${i}`;
        try {
          const response = await post(
            `${first.url}/api/auth/add_user`,
            {
              username,
              password: 'crash-password-1',
              password_conf: 'crash-password-1',
              role: 1,
              companies: [companyId],
            },
            token,
          );
          if (response.status === 200 && response.body.user_id) acknowledged.push(username);
        } catch {
          return;
        }
      }
    })();
    // Killed once a few writes are acknowledged, in the middle of the next one: a count, not a
    // time, since each write hashes a password and a busy machine takes seconds for a few.
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < 4 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    stop = true;
    await writer;
    expect(acknowledged.length).toBeGreaterThan(3);

    const second = await startServer();
    expect(second.output()).toContain('opening the embedded database');
    const token2 = await login(second);
    const listed = await post(
      `${second.url}/api/auth/list_users`,
      { filters: { smart: 'crash-' }, count: 1000 },
      token2,
    );
    const names = new Set(listed.body.items.map((u: { username: string }) => u.username));
    for (const username of acknowledged) expect(names.has(username)).toBe(true);

    const intruder = spawnServer(['--port', String(await freePort()), '--data-dir', dataDir]);
    let intruderOutput = '';
    intruder.stderr!.on('data', (chunk) => (intruderOutput += chunk));
    const intruderCode = await new Promise<number | null>((resolve) => intruder.on('exit', resolve));
    expect(intruderCode).toBe(1);
    expect(intruderOutput).toContain('in use by process');

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 300_000);

  it('stops with one clear line on an invalid environment variable', async () => {
    const child = spawnServer([], { PORT: 'seventy' });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('PORT');
  });
});

/** Runs an administration command of the built server; answers its exit code and output. */
function admin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/admin.js', ...args], {
      cwd: serverDir,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdin.end();
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('a bare installation', () => {
  it('says how to create the first administrator, who is created with the server stopped and signs in', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'extranet-bare-'));
    try {
      const bare = await startServer({ dir, args: ['--no-demo'] });
      expect(bare.output()).toContain('npm run admin -- create-user');
      const env = { DATA_DIR: dir, ADMIN_PASSWORD: 'Quiet-Harbour-Lantern-7' };
      const whileRunning = await admin(['create-user', '--username', 'founder'], env);
      expect(whileRunning).toMatchObject({
        code: 1,
        output: expect.stringContaining('Stop the server first'),
      });
      bare.child.kill('SIGTERM');
      expect(await bare.exited).toBe(0);

      expect((await admin(['create-user', '--username', 'Founder', '--role', '99'], env)).code).toBe(0);
      const taken = await admin(['create-user', '--username', 'founder'], env);
      expect(taken).toMatchObject({ code: 1, output: expect.stringContaining('taken') });
      const weak = await admin(['reset-password', '--username', 'founder'], {
        ...env,
        ADMIN_PASSWORD: 'password12',
      });
      expect(weak).toMatchObject({ code: 1, output: expect.stringContaining('refused') });
      expect((await admin(['unlock', '--username', 'FOUNDER'], env)).code).toBe(0);
      expect((await admin(['--help'], env)).output).toContain('reset-password --username NAME');

      const wmsEnv = { WMS_SECRET: 'a-bare-installation-secret' };
      const server = await startServer({ dir, args: ['--no-demo'], env: wmsEnv });
      expect(server.output()).not.toContain('npm run admin -- create-user');
      const session = await post(`${server.url}/api/auth/login`, {
        username: 'founder',
        password: 'Quiet-Harbour-Lantern-7',
      });
      expect(session.body).toMatchObject({
        username: 'Founder',
        role: 99,
        umgr: true,
        session_limited: false,
      });

      // A client company, and its starter catalog pushed as the warehouse system pushes it.
      const token = session.body.session_code as string;
      const company = await post(
        `${server.url}/api/companies/add_company`,
        { code: 'ACME', name: 'Acme' },
        token,
      );
      expect(company.body.company_id).toBeGreaterThan(0);
      const push = (args: string[]) =>
        admin(['push-master', '--url', server.url, ...args], { ...env, ...wmsEnv });
      // Units, currencies and the location are there already; consignee, 8 SKUs, vendor, customer are new.
      expect(await push(['--company', 'ACME'])).toMatchObject({
        code: 0,
        output: expect.stringContaining('11 added, 0 changed, 7 unchanged'),
      });
      expect((await push(['--company', 'ACME'])).output).toContain('0 added, 0 changed, 18 unchanged');
      const unknown = await push(['--company', 'NOBODY']);
      expect(unknown).toMatchObject({ code: 1, output: expect.stringContaining('company_unknown') });
      const skus = await post(`${server.url}/api/catalogs/sku/list`, { filters: { smart: 'ACME-' } }, token);
      expect(skus.body.items).toHaveLength(8);
      server.child.kill('SIGTERM');
      await server.exited;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

/**
 * An upload whose body is sent in two halves: the call is running (the server has its headers: it
 * answered `Expect: 100-continue`) once `started` resolves, and finishes once `finish` is called.
 */
function slowUpload(url: string, token: string) {
  const boundary = 'shutdown-test-boundary';
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="name"\r\n\r\nslow.txt\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.txt"\r\ncontent-type: text/plain\r\n\r\n`;
  const tail = `the second half\r\n--${boundary}--\r\n`;
  const first = `${'the first half '.repeat(100)}\n`;
  const request = httpRequest(`${url}/api/files/upload`, {
    method: 'POST',
    headers: {
      authorization: `SessionCode ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': Buffer.byteLength(head + first + tail),
      expect: '100-continue',
    },
  });
  const started = new Promise<void>((resolve) =>
    request.once('continue', () => {
      request.write(head + first);
      resolve();
    }),
  );
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.once('error', reject);
  });
  request.flushHeaders();
  return { started, answer, finish: () => request.end(tail) };
}

describe('shutdown', () => {
  it('on SIGTERM is no longer ready, ends live streams with a retry hint, finishes the running call and exits 0', async () => {
    // The demo database the first test made and closed: a first start (the embedded database
    // created, migrated and loaded with the demo) would cost this test a third of its time again.
    const server = await startServer({ env: { SHUTDOWN_GRACE_MS: '60000' } });
    // Fastify's deprecation warnings (FSTDEP…) come at start.
    expect(server.output()).not.toMatch(/FSTDEP|DeprecationWarning/);
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
    const token = await login(server);
    const stream = await fetch(`${server.url}/api/events`, {
      headers: { authorization: `SessionCode ${token}` },
    });
    expect(stream.status).toBe(200);
    const upload = slowUpload(server.url, token);
    await upload.started;

    server.child.kill('SIGTERM');
    expect(await stream.text()).toMatch(/\nretry: \d+\n\n$/);
    const ready = await fetch(`${server.url}/readyz`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'shutting down' },
    });
    expect(server.child.exitCode).toBeNull();

    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: expect.any(String), name: 'slow.txt' });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down: finishing the running calls');
  }, 300_000);
});
