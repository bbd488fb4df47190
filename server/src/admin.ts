import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { checkPassword, NOTIFICATION_TYPES, PERMISSIONS, ROLES, type RoleId } from '@extranet/contract';
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

const HELP = `Partner extranet administration

Usage: npm run admin -- <command> [options]

Commands:
  create-user --username NAME [--role 99]   create a user (role 99: every permission, every company)
  reset-password --username NAME            set a new password (the user keeps signing in normally)
  unlock --username NAME                    lift the lock of too many failed sign-ins
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

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      username: { type: 'string' },
      role: { type: 'string', default: '99' },
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
