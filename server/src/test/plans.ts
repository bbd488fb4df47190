import type { Permission } from '@extranet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
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
interface PlanDatabase {
  /** Runs the repository's calls and records what they send. */
  db: Db;
  /** The plans of the statements of `run` whose text matches `reading` (the tables it is about). */
  plansOf(run: (tx: Executor) => Promise<unknown>, reading: RegExp): Promise<string[]>;
  close(): Promise<void>;
}

async function openPlanDatabase(generate: (db: Db) => Promise<void>): Promise<PlanDatabase> {
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

type PlanCompanies = Awaited<ReturnType<typeof createCompaniesOfTwoConsignees>>;

/** The plan database of a test file, with the user's company and its two consignees. */
export interface PlanFixture extends Omit<PlanDatabase, 'close'> {
  userCompanyId: number;
  userConsigneeIds: number[];
}

/**
 * Opens the plan database of a test file before its tests and closes it after them: the reference
 * data, `companies` companies of two consignees each, then the statements (raw SQL) `generate`
 * returns for them, run in turn.
 */
export function usePlanDatabase(companies: number, generate: (made: PlanCompanies) => string[]): PlanFixture {
  let planDb: PlanDatabase | undefined;
  let made: PlanCompanies | undefined;
  beforeAll(async () => {
    planDb = await openPlanDatabase(async (target) => {
      made = await createCompaniesOfTwoConsignees(target, companies);
      // `vacuum` moves the trigram entries out of GIN's pending list, as autovacuum would.
      for (const statement of [...generate(made), 'vacuum analyze']) await target.execute(sql.raw(statement));
    });
  }, 300_000);
  afterAll(async () => {
    await planDb?.close();
  });
  const opened = () => {
    if (!planDb || !made) throw new Error('The plan database opens before the tests.');
    return { planDb, made };
  };
  return {
    get db() {
      return opened().planDb.db;
    },
    plansOf: (run, reading) => opened().planDb.plansOf(run, reading),
    get userCompanyId() {
      return opened().made.firstCompanyId;
    },
    get userConsigneeIds() {
      return opened().made.consigneeIds.slice(0, 2);
    },
  };
}

/**
 * SQL adding `count` SKUs `SKU-<n>`, spread over the consignees in turn, each named by one of six
 * product words and its number: a product word names a sixth of them.
 */
export function insertProductSkus({ consigneeOf }: PlanCompanies, count: number): string {
  const products = `(array['Apple juice','Orange juice','Mineral water','Rye bread','Butter','Cheese'])`;
  return `insert into skus (consignee_id, code, external_code, name)
    select ${consigneeOf('n')}, 'SKU-' || n, 'X-' || n, ${products}[1 + n % 6] || ' ' || n
    from generate_series(0, ${count - 1}) n`;
}

/**
 * The reference data and `companies` companies of two consignees each; the first company is the
 * one a test's user belongs to.
 */
async function createCompaniesOfTwoConsignees(target: Db, companies: number) {
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
