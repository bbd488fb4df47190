import type { Permission } from '@extranet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Db, Executor } from '../db/client';
import * as schema from '../db/schema';
import { seedReferenceData } from '../demo/seed-reference';
import type { Actor } from '../http/session';
import { openTestDatabase } from './app';
import { createCompany, createConsignee } from './factories';

/**
 * A database for the tests that read the planner's choices (EXPLAIN) of a repository's statements:
 * the data a test generates, with statistics, and a connection that keeps every statement it runs
 * so its plan can be asked for with the same parameters. No timing is asserted by such a test.
 */
export interface PlanDatabase {
  /** Runs the repository's calls and records what they send. */
  db: Db;
  /** The plans of the statements of `run` whose text matches `reading` (the tables it is about). */
  plansOf(run: (tx: Executor) => Promise<unknown>, reading: RegExp): Promise<string[]>;
  close(): Promise<void>;
}

export async function openPlanDatabase(generate: (db: Db) => Promise<void>): Promise<PlanDatabase> {
  const database: Database = await openTestDatabase();
  await generate(database.db);
  let captured: Array<{ query: string; params: unknown[] }> = [];
  const client = (database.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  // Both the embedded database and PostgreSQL are reached through a `pg` pool.
  const db = drizzlePg(client as pg.Pool, { schema, casing: 'snake_case', logger } as const) as unknown as Db;
  return {
    db,
    close: () => database.close(),
    plansOf: (run, reading) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        captured = [];
        await run(tx);
        const plans: string[] = [];
        for (const statement of captured.filter((c) => reading.test(c.query))) {
          const result = (await tx.execute(explainOf(statement))) as unknown as {
            rows: Array<Record<string, string>>;
          };
          plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
        }
        return plans;
      }),
  };
}

/** EXPLAIN of a statement a repository call ran, with the same parameters. */
function explainOf({ query, params }: { query: string; params: unknown[] }): SQL {
  const chunks = query
    .split(/\$(\d+)/)
    .map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part)));
  return sql`explain ${sql.join(chunks)}`;
}

/**
 * The reference data and `companies` companies of two consignees each; the first company is the
 * one a test's user belongs to.
 */
export async function createCompaniesOfTwoConsignees(target: Db, companies: number) {
  await seedReferenceData(target);
  const consigneeIds: number[] = [];
  let firstCompanyId = 0;
  for (let c = 0; c < companies; c++) {
    const company = await createCompany(target);
    for (let k = 0; k < 2; k++)
      consigneeIds.push((await createConsignee(target, { companyId: company.id })).id);
    if (c === 0) firstCompanyId = company.id;
  }
  /** SQL of the consignee of row n, the rows spread over every consignee in turn. */
  const consigneeOf = (n: string) => `(array[${consigneeIds.join(',')}])[1 + ${n} % ${consigneeIds.length}]`;
  return { firstCompanyId, consigneeIds, consigneeOf };
}

/** A user of these companies (role 1), or role 99 when there are none, with these permissions. */
export function planActor(companyIds: number[], permissions: Permission[]): Actor {
  return {
    sessionId: 0,
    token: '',
    userId: 0,
    username: companyIds.length ? 'clerk' : 'admin',
    fio: null,
    email: null,
    lang: 'en',
    role: companyIds.length ? 1 : 99,
    limited: false,
    secondFactorSetup: false,
    permissions: new Set(permissions),
    companyIds,
    isAdmin: companyIds.length === 0,
    hasNewNotifications: false,
  };
}
