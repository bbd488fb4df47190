import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-lifecycle-'));
let nextPort = 3400 + Math.floor(Math.random() * 500);
const children: ChildProcess[] = [];

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

async function startServer(): Promise<Server> {
  const port = nextPort++;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts', '--port', String(port), '--data-dir', dataDir],
    {
      cwd: serverDir,
      env: { ...process.env, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '10000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
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
  throw new Error(`server did not start: ${output}`);
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
    await new Promise((resolve) => setTimeout(resolve, 2500));
    first.child.kill('SIGKILL');
    await first.exited;
    stop = true;
    await writer;
    expect(acknowledged.length).toBeGreaterThan(3);

    const second = await startServer();
    const token2 = await login(second);
    const listed = await post(
      `${second.url}/api/auth/list_users`,
      { filters: { smart: 'crash-' }, count: 1000 },
      token2,
    );
    const names = new Set(listed.body.items.map((u: { username: string }) => u.username));
    for (const username of acknowledged) expect(names.has(username)).toBe(true);

    const intruder = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts', '--port', String(nextPort++), '--data-dir', dataDir],
      {
        cwd: serverDir,
        env: { ...process.env, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(intruder);
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'seventy' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('PORT');
  });
});
