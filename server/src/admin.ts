import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { checkPassword, NOTIFICATION_TYPES, PERMISSIONS, ROLES, type RoleId, wms } from '@extranet/contract';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { seedReferenceData } from './demo/seed-reference';
import { revokeUserSessions } from './http/session';
import { DataDirLockedError, lockDataDir } from './lock';
import { clearFailures } from './modules/auth/lockout';
import { hashPassword } from './modules/auth/password';
import {
  insertUser,
  replaceUserNotificationTypes,
  replaceUserPermissions,
  updateUser,
  usernameTaken,
} from './modules/auth/users.repository';
import { demoMasterData } from './modules/wms/wms.demo-master';
import { signWms } from './modules/wms/wms.signature';
import { runningServerUrl } from './server-address';

const HELP = `Partner extranet administration

Usage: npm run admin -- <command> [options]

Commands:
  create-user --username NAME [--role 99]   create a user (role 99: every permission, every company)
  reset-password --username NAME            set a new password (the user keeps signing in normally)
  unlock --username NAME                    lift the lock of too many failed sign-ins
  push-master --company CODE [--file PATH] [--url URL]
                                            send master data to the running server as the
                                            warehouse system does (a signed event, WMS_SECRET):
                                            the JSON file's records, or a starter catalog for
                                            the company; URL defaults to the server running on
                                            DATA_DIR (where it listens), else HOST:PORT
  --help                                    show this help

The password comes from ADMIN_PASSWORD or, when unset, is asked for (not shown as typed).
The commands work on the configured database (DATA_DIR's embedded one, or DATABASE_URL), create
and migrate it when it is new, and need the server stopped when it is the embedded one.`;

class CliError extends Error {}

/** Reads a line from the terminal without showing it. */
async function askPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    // Piped in: the first line.
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return '';
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function newPassword(username: string): Promise<string> {
  const password = process.env.ADMIN_PASSWORD ?? (await askPassword(`Password for ${username}: `));
  const verdict = await checkPassword(password, { username });
  if (!verdict.ok)
    throw new CliError(`The password is refused (${verdict.reason}); choose a longer, less common one.`);
  return password;
}

/**
 * Sends master data to /api/wms/events of a running server, signed as the warehouse system signs
 * it: the same path, checks and exactly-once apply as a real warehouse's push.
 */
async function pushMaster(options: { company?: string; file?: string; url?: string }) {
  const config = loadConfig(process.env, { demo: false });
  if (!config.WMS_SECRET)
    throw new CliError('WMS_SECRET is not set: the server refuses unsigned master data.');
  let master: unknown;
  if (options.file) {
    const parsed: unknown = JSON.parse(await readFile(options.file, 'utf8'));
    // A whole event, or its master part alone.
    master = (parsed as { master?: unknown }).master ?? parsed;
  } else {
    const company = options.company?.trim();
    if (!company) throw new CliError('--company CODE (or --file PATH) is required.');
    master = demoMasterData(company);
  }
  const body = JSON.stringify({ event_id: `master-${randomUUID()}`, master });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const url = new URL('/api/wms/events', options.url ?? runningServerUrl(config));
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [wms.WMS_TIMESTAMP_HEADER]: timestamp,
      [wms.WMS_SIGNATURE_HEADER]: signWms(config.WMS_SECRET, timestamp, body),
    },
    body,
  });
  const answer = await response.text();
  if (!response.ok) throw new CliError(`The server refused the master data (${response.status}): ${answer}`);
  const { master: counts } = JSON.parse(answer) as {
    master?: { added: number; changed: number; unchanged: number };
  };
  console.log(
    `Master data applied: ${counts?.added ?? 0} added, ${counts?.changed ?? 0} changed, ${counts?.unchanged ?? 0} unchanged.`,
  );
}

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      username: { type: 'string' },
      role: { type: 'string', default: '99' },
      company: { type: 'string' },
      file: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(HELP);
    return;
  }
  if (command === 'push-master') {
    await pushMaster(values);
    return;
  }
  if (!['create-user', 'reset-password', 'unlock'].includes(command))
    throw new CliError(`Unknown command ${command}.\n\n${HELP}`);
  const username = values.username?.trim();
  if (!username || username.length > 64)
    throw new CliError('--username NAME is required (1 to 64 characters).');
  const role = Number(values.role) as RoleId;
  if (!ROLES.includes(role)) throw new CliError(`--role must be one of ${ROLES.join(', ')}.`);

  const config = loadConfig(process.env, { demo: false });
  let unlock = () => {};
  if (config.dbDir) {
    try {
      unlock = lockDataDir(config.DATA_DIR, config.dbDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        throw new CliError(`${error.message} Stop the server first: the embedded database is one process's.`);
      }
      throw error;
    }
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dir: config.dbDir });
  try {
    const { db } = database;
    await seedReferenceData(db);
    const [existing] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    if (command === 'create-user') {
      if (existing || (await usernameTaken(db, username)))
        throw new CliError(`The username ${username} is taken.`);
      const passwordHash = await hashPassword(await newPassword(username));
      await db.transaction(async (tx) => {
        const id = await insertUser(tx, { username, passwordHash, passwordExpired: false, roleId: role });
        if (role === 99) await replaceUserPermissions(tx, id, [...PERMISSIONS]);
        await replaceUserNotificationTypes(tx, id, [...NOTIFICATION_TYPES]);
      });
      console.log(`Created ${username} (role ${role}). Sign in with it, then add companies and users.`);
      return;
    }
    if (!existing) throw new CliError(`No user is named ${username}.`);
    if (command === 'reset-password') {
      const passwordHash = await hashPassword(await newPassword(existing.username));
      await db.transaction(async (tx) => {
        await updateUser(tx, existing.id, { passwordHash, passwordExpired: false, excluded: false });
        await revokeUserSessions(tx, existing.id);
        await clearFailures(tx, existing.username);
      });
      console.log(`New password set for ${existing.username}; their sessions ended.`);
      return;
    }
    await clearFailures(db, existing.username);
    console.log(`${existing.username} may sign in again.`);
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  if (error instanceof CliError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
