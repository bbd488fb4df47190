import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { CallDef, CallRequestInput } from '@extranet/contract';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped afterwards, so leftovers never matter. Both are
 * copies of one database migrated for the whole run (global-setup.ts).
 */
export async function openTestDatabase(
  options: Omit<DatabaseOptions, 'url' | 'dir'> = {},
): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = copyEmbeddedTemplate();
    const database = await openDatabase({ ...options, dir });
    return {
      ...database,
      close: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ ...options, url: target.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropTestDatabase(url, name);
    },
  };
}

/** A new copy of the run's migrated embedded database (global-setup.ts); answers its directory. */
function copyEmbeddedTemplate(): string {
  const template = inject('pgliteTemplate');
  const dir = path.join(path.dirname(template), `test-${randomBytes(6).toString('hex')}`);
  cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Drops a test file's database once the connections its pools closed are gone. A pool's end
 * resolves before its sockets have closed; a forced drop then would terminate them mid-close,
 * and the driver reports that as an uncaught error. The drop forces only what is left after 5 s.
 */
export async function dropTestDatabase(url: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: url });
  await dropper.connect();
  try {
    const deadline = Date.now() + 5_000;
    const open = async () =>
      (
        await dropper.query<{ count: number }>(
          'select count(*)::int as count from pg_stat_activity where datname = $1',
          [name],
        )
      ).rows[0]!.count;
    while ((await open()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await dropper.query(`drop database if exists ${name} with (force)`);
  } finally {
    await dropper.end();
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/extranet-test-unused',
      LOGIN_RATE_LIMIT: '100000',
      AUTH_FAILURE_RATE_LIMIT: '100000',
      // Sends are due at once; the grace delay has a test of its own.
      WMS_SEND_DELAY_MS: '0',
    },
    { demo: false, ...overrides },
  );
}

export interface TestApp extends BuiltApp {
  call<C extends CallDef>(
    call: C,
    body: CallRequestInput<C> | Record<string, unknown>,
    token?: string,
    /** The language the reader's screen shows (Accept-Language). */
    lang?: string,
  ): Promise<{ status: number; body: any }>;
}

/** What the file's test apps leave open: closed after its tests (setup.ts). */
const openApps: Array<() => Promise<void>> = [];

/**
 * Closes the apps the file built and drops their databases. Run by setup.ts after each file's
 * tests: an `afterAll` registered where most files build their app (inside `beforeAll`) is never
 * called, which left every file's PostgreSQL database behind.
 */
export async function closeTestApps(): Promise<void> {
  for (const close of openApps.splice(0).reverse()) await close();
}

/** Builds the whole app on a fresh database; closed after the file's tests (closeTestApps). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const built = await buildApp(testConfig(overrides), { database, jobs: false });
  // A PostgreSQL database outlives the run unless dropped; an embedded one is a directory under
  // the run's root, removed with it (global-setup.ts), and closing it costs more than it saves.
  if (process.env.TEST_DATABASE_URL)
    openApps.push(async () => {
      await built.app.close();
      await database.close();
    });
  return {
    ...built,
    async call(call, body, token, lang) {
      const response = await built.app.inject({
        method: 'POST',
        url: `/api${call.path}`,
        payload: body as object,
        headers: {
          ...(token ? { authorization: `SessionCode ${token}` } : {}),
          ...(lang ? { 'accept-language': lang } : {}),
        },
      });
      return { status: response.statusCode, body: response.json() };
    },
  };
}

/** Signs a user in through the real login call and returns the session token. */
export async function loginAs(app: TestApp, user: { username: string; password: string }): Promise<string> {
  const { auth } = await import('@extranet/contract');
  const response = await app.call(auth.login, { username: user.username, password: user.password });
  if (response.status !== 200 || !response.body.session_code) {
    throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  }
  return response.body.session_code as string;
}
