import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database's directory: each test file opens a copy of it. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated, empty database each test file's database is made from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one empty database for the whole run, so a test file copies it instead of creating and
 * migrating its own (about 3.5 s on the embedded database). The embedded one is a directory in
 * memory (/dev/shm where there is one): a copy of its files opens in half the time a dump of them
 * takes to load, since the database reads only the files it needs.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const template = await openDatabase({ url: target.toString() });
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const memory = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const root = mkdtempSync(path.join(memory, 'extranet-test-databases-'));
  const dir = path.join(root, 'template');
  const template = await openDatabase({ dir });
  await template.close();
  project.provide('pgliteTemplate', dir);
  project.provide('postgresTemplate', '');
  // The test files' copies are beside the template: whatever a failed file left goes with it.
  return () => rmSync(root, { recursive: true, force: true });
}
