import { createServer } from 'node:net';
import { auth, orders } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { SEND_JOB } from '../modules/orders/orders.sends';
import { sendWorkerOptions } from '../modules/wms/wms.jobs';
import { processSendJobs } from '../modules/wms/wms.sends';
import { createTestApp, loginAs, openTestDatabase, type TestApp, testConfig } from '../test/app';
import { createWmsWorld, insertCompleteDraft, recordingConnector } from '../test/wms.factories';

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

/** Listening sockets of this process (servers of the tests' own apps, among others). */
const listeners = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;

/** The value of the one sample whose name and labels are these (in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-z_]+=")/).filter(Boolean);
    if (present.length === wanted.length && wanted.every((label) => present.includes(label)))
      return Number(match[3]);
  }
  return undefined;
}

describe('metrics on a listener of their own (METRICS_PORT)', () => {
  let app: TestApp;
  let metricsUrl: string;
  let token: string;
  let world: Awaited<ReturnType<typeof createWmsWorld>>;
  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    const port = await freePort();
    app = await createTestApp({ METRICS_PORT: port, METRICS_HOST: '127.0.0.1' });
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    world = await createWmsWorld(app.deps.db);
    token = await loginAs(app, world.user);
  });

  it('times calls by their route path, never by the URL asked for', async () => {
    const wrong = await app.call(auth.login, { username: world.user.username, password: 'not-the-password' });
    expect(wrong.body.failure).toBeDefined();
    // A download's code is a credential: it must not reach a label.
    const download = await app.app.inject({
      method: 'GET',
      url: '/api/files/download?code=secret-code-4711',
    });
    expect(download.statusCode).toBe(401);
    const unknown = await app.app.inject({ method: 'POST', url: '/api/no/such/call?token=leak-0815' });
    expect(unknown.statusCode).toBe(404);

    const text = await scrape();
    const login = { method: 'POST', route: '/api/auth/login', status_code: '200' };
    // loginAs in beforeAll and the wrong password above: both answered 200.
    expect(sample(text, 'http_request_duration_seconds_count', login)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...login, le: '+Inf' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_sum', login)).toBeGreaterThan(0);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/files/download',
        status_code: '401',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(1);
    expect(text).not.toContain('secret-code-4711');
    expect(text).not.toContain('leak-0815');
    expect(text).not.toMatch(/route="[^"]*\?/);
    expect(text).not.toContain('/api/no/such/call');
  });

  it("serves the default process and Node metrics and the database pool's", async () => {
    const text = await scrape();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'extranet_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'extranet_db_pool_waiting')).toBe(0);
    expect(sample(text, 'extranet_db_pool_max')).toBeGreaterThan(0);
    if (app.database.kind === 'pglite') {
      expect(sample(text, 'extranet_db_embedded_wait_seconds_count')).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('extranet_db_embedded_wait_seconds');
    }
  });

  it('counts the outbox by queue and state at each scrape, and warehouse sends by outcome', async () => {
    const queues = (text: string) => ({
      due: sample(text, 'extranet_outbox_jobs', { queue: SEND_JOB, state: 'due' }),
      running: sample(text, 'extranet_outbox_jobs', { queue: SEND_JOB, state: 'running' }),
      failed: sample(text, 'extranet_outbox_jobs', { queue: SEND_JOB, state: 'failed' }),
    });
    const sent = (text: string) => sample(text, 'extranet_warehouse_sends_total', { outcome: 'sent' });
    const before = await scrape();
    expect(queues(before)).toEqual({ due: 0, running: 0, failed: 0 });
    expect(sent(before)).toBe(0);

    const headIds = [
      await insertCompleteDraft(app.deps.db, 'purch', world),
      await insertCompleteDraft(app.deps.db, 'purch', world),
    ];
    for (const headId of headIds) {
      expect(
        (await app.call(orders.purch.setReady, { head_id: headId }, token)).body.failure,
      ).toBeUndefined();
    }
    const queued = await scrape();
    expect(queues(queued)).toEqual({ due: 2, running: 0, failed: 0 });
    expect(sample(queued, 'extranet_outbox_oldest_due_seconds', { queue: SEND_JOB })).toBeGreaterThanOrEqual(
      0,
    );

    let answers = 0;
    const { connector } = recordingConnector(undefined, () =>
      answers++ === 0 ? { result: 'accepted' } : { result: 'retry', error: 'HTTP 503' },
    );
    await processSendJobs(app.deps.db, connector, { ...sendWorkerOptions(app.deps), batch: 2 });
    const after = await scrape();
    expect(queues(after)).toEqual({ due: 0, running: 0, failed: 1 });
    expect(sent(after)).toBe(1);
    expect(sample(after, 'extranet_warehouse_sends_total', { outcome: 'retry' })).toBe(1);
    expect(sample(after, 'extranet_webhook_deliveries_total', { outcome: 'delivered' })).toBe(0);
  });

  it('counts the live update streams open', async () => {
    await app.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.app.server.address() as { port: number };
    const stream = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: { authorization: `SessionCode ${token}` },
      signal: stream.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    expect(sample(await scrape(), 'extranet_live_streams')).toBe(1);
    stream.abort();
    await expect.poll(async () => sample(await scrape(), 'extranet_live_streams')).toBe(0);
  });
});

describe('without METRICS_PORT', () => {
  it('opens no listener and the app does not answer metrics on its own port', async () => {
    const before = listeners();
    const app = await createTestApp();
    expect(listeners()).toBe(before);
    const response = await app.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.body).not.toContain('http_request_duration_seconds');
    expect(response.body).not.toContain('process_cpu_user_seconds_total');
  });

  it('where with METRICS_PORT one listener more serves, closed with the app', async () => {
    const before = listeners();
    const port = await freePort();
    const app = await createTestApp({ METRICS_PORT: port });
    expect(listeners()).toBe(before + 1);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    await app.app.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('a METRICS_PORT taken', () => {
  it('stops the start with one line naming it', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const database = await openTestDatabase();
    try {
      await expect(buildApp(testConfig({ METRICS_PORT: port }), { database, jobs: false })).rejects.toThrow(
        /^Invalid configuration: METRICS_PORT: listen EADDRINUSE/,
      );
    } finally {
      await database.close();
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('default to no listener on 127.0.0.1 and refuse the app port', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({}).METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '0.0.0.0',
    });
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      'Invalid configuration: METRICS_PORT: must differ from PORT',
    );
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow('Invalid configuration: METRICS_PORT');
  });
});
