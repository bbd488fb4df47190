import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../demo/seed-reference';
import type { Actor } from '../http/session';
import { listUsers } from '../modules/auth/users.repository';
import { listVendors } from '../modules/catalogs/catalogs.repository';
import { listDiscussions } from '../modules/discussions/discussions.repository';
import { listOrderRows } from '../modules/orders/orders.list';
import { listSkuRows } from '../modules/sku/sku.repository';
import { listStocks } from '../modules/stock/stock.repository';
import { openTestDatabase } from '../test/app';
import { createCompany, createConsignee } from '../test/factories';
import type { Database, Db, Executor } from './client';
import * as schema from './schema';

/**
 * The lists' searches and orderings can be answered through their indexes. The queries are the
 * repositories' own, captured as they run, on two thousand generated rows a table with
 * statistics. At that size a scan of everything can still be the cheapest plan, so scans and
 * explicit sorts are priced out (`enable_seqscan`, `enable_sort`) to ask whether an index serves
 * the query at all, as it must at volume.
 */

let database: Database;
let db: Db;
let captured: Array<{ query: string; params: unknown[] }> = [];

const admin: Actor = {
  sessionId: 0,
  token: '',
  userId: 0,
  username: 'admin',
  fio: null,
  email: null,
  lang: 'en',
  role: 99,
  limited: false,
  secondFactorSetup: false,
  permissions: new Set(['pord', 'sord', 'stck', 'umgr']),
  companyIds: [],
  isAdmin: true,
  hasNewNotifications: false,
};
const page = { page: 0, count: 20, with_total: false };

const ROWS = 2000;
/** Every generated text holds the md5 of its row number: a few characters of one find that row. */
const SEARCH = createHash('md5').update('1234').digest('hex').slice(0, 8);

async function generateRows(target: Db) {
  await seedReferenceData(target);
  const company = await createCompany(target);
  const consignee = await createConsignee(target, { companyId: company.id });
  const numbered = sql`(select n, md5(n::text) as h from generate_series(1, ${ROWS}) n) g`;
  const statements = [
    sql`insert into users (username, password_hash, fio, email, role_id)
      select 'user-' || h, 'x', 'Person ' || h, h || '@example.com', 1 from ${numbered}`,
    sql`insert into vendors (consignee_id, external_code, name)
      select ${consignee.id}, 'V-' || h, 'Vendor ' || h from ${numbered}`,
    sql`insert into customers (consignee_id, external_code, name)
      select ${consignee.id}, 'C-' || h, 'Customer ' || h from ${numbered}`,
    sql`insert into skus (consignee_id, code, external_code, name)
      select ${consignee.id}, 'SKU-' || h, 'X-' || h, 'Juice ' || h from ${numbered}`,
    sql`insert into stock_rows (consignee_id, sku_id, qty, uom_id, location_id, status_desc, expiry_date, mfg_date, batch, sscc)
      select ${consignee.id}, n, 1, (select min(id) from uoms), (select min(id) from locations),
        'Status ' || n % 5, date '2030-01-01' + n, date '2020-01-01' + n, 'B-' || h, 'S-' || h
      from ${numbered}`,
    sql`insert into purch_heads (consignee_id, external_code, vendor_id, vendor_reference)
      select ${consignee.id}, 'PO-' || h, n, 'VR-' || h from ${numbered}`,
    sql`insert into sales_heads (consignee_id, external_code, customer_id, customer_reference)
      select ${consignee.id}, 'SO-' || h, n, 'CR-' || h from ${numbered}`,
    sql`insert into discussions (company_id, name, visibility)
      select ${company.id}, 'Topic ' || h, 'normal' from ${numbered}`,
    // Moves the trigram entries out of GIN's pending list, as autovacuum would, and takes statistics.
    sql`vacuum analyze`,
  ];
  for (const statement of statements) await target.execute(statement);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await generateRows(database.db);
  const client = (database.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  const options = { schema, casing: 'snake_case', logger } as const;
  // Both the embedded database and PostgreSQL are reached through a `pg` pool.
  db = drizzlePg(client as pg.Pool, options) as unknown as Db;
});

afterAll(async () => {
  await database?.close();
});

/** EXPLAIN of the last statement a repository call ran, with the same parameters. */
function explainOf({ query, params }: { query: string; params: unknown[] }): SQL {
  const chunks = query
    .split(/\$(\d+)/)
    .map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part)));
  return sql`explain ${sql.join(chunks)}`;
}

/** The statement of a call whose plan is asked: its last, or the last one `pick` chooses. */
type Pick = (query: string) => boolean;

async function planOf(run: (tx: Executor) => Promise<unknown>, priced: 'search' | 'ordering', pick?: Pick) {
  return db.transaction(async (tx) => {
    // The priced-out plans cost enough to be compiled, which only takes time here.
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    // A search alone: walking an ordering's index and filtering would hide whether it has one.
    if (priced === 'search') await tx.execute(sql`set local enable_indexscan = off`);
    else await tx.execute(sql`set local enable_sort = off`);
    captured = [];
    await run(tx);
    const statement = pick ? captured.findLast((c) => pick(c.query)) : captured.at(-1);
    const result = (await tx.execute(explainOf(statement!))) as unknown as {
      rows: Array<Record<string, string>>;
    };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const searchPlan = (run: (tx: Executor) => Promise<unknown>, pick?: Pick) => planOf(run, 'search', pick);
const orderingPlan = (run: (tx: Executor) => Promise<unknown>, pick?: Pick) => planOf(run, 'ordering', pick);
/** A search's first step: the statement that collects the matching ids. */
const collecting: Pick = (query) => / i?like /.test(query);
/**
 * An order list's page: the ids of the page from the heads alone (a statement of its own, or the
 * subquery of the one that reads the page's orders with them).
 */
const pageIds: Pick = (query) =>
  /select "id" from "(purch|sales)_heads"/.test(query) && query.includes('order by');

describe('smart search through trigram indexes', () => {
  it('stock rows: their batch and SSCC, and their SKU code, external code and name', async () => {
    const expected = ['stock_rows_batch_trgm_idx', 'stock_rows_sscc_trgm_idx', 'skus_search_text_trgm_idx'];
    const list = await searchPlan(
      (tx) => listStocks(tx, admin, { ...page, filters: { smart: SEARCH } }, 'en'),
      collecting,
    );
    for (const index of expected) expect(list).toContain(index);
  });

  it.each(['purch', 'sales'] as const)(
    '%s orders: their search text (code, reference, truck, party, SKUs), or a short prefix of a code or plate',
    async (kind) => {
      const reference = kind === 'purch' ? 'vendor_reference' : 'customer_reference';
      const collectingOrders: Pick = (query) => query.startsWith('with found');
      const plan = await searchPlan(
        (tx) => listOrderRows(tx, admin, kind, { ...page, filters: { smart: SEARCH } }),
        collectingOrders,
      );
      expect(plan).toContain(`${kind}_heads_search_text_trgm_idx`);
      const short = await searchPlan(
        (tx) => listOrderRows(tx, admin, kind, { ...page, filters: { smart: SEARCH.slice(0, 2) } }),
        collectingOrders,
      );
      for (const index of ['external_code', reference, 'truck_number']) {
        expect(short).toContain(`${kind}_heads_${index}_prefix_idx`);
      }
    },
  );

  it('users: username, name and email', async () => {
    const plan = await searchPlan((tx) => listUsers(tx, {}, { ...page, filters: { smart: SEARCH } }));
    for (const index of ['users_username_trgm_idx', 'users_fio_trgm_idx', 'users_email_trgm_idx']) {
      expect(plan).toContain(index);
    }
  });

  it('SKUs, vendors and discussions', async () => {
    const skus = await searchPlan((tx) => listSkuRows(tx, admin, { ...page, filters: { smart: SEARCH } }));
    // One index of the SKU's code, external code and name together (migration 0035).
    expect(skus).toContain('skus_search_text_trgm_idx');
    const vendors = await searchPlan((tx) => listVendors(tx, admin, { ...page, filters: { smart: SEARCH } }));
    expect(vendors).toContain('vendors_name_trgm_idx');
    expect(vendors).toContain('vendors_external_code_trgm_idx');
    const discussions = await searchPlan((tx) =>
      listDiscussions(tx, admin, 'normal', { ...page, filters: { smart: SEARCH } }),
    );
    expect(discussions).toContain('discussions_name_trgm_idx');
  });
});

describe("the discussion lists' unread mark", () => {
  it('reads the read state by its key and the comments after it through the (discussion, id) index', async () => {
    const plan = await orderingPlan((tx) => listDiscussions(tx, admin, 'normal', { ...page, filters: {} }));
    expect(plan).toMatch(/Index Scan using discussion_reads_(pkey|discussion_id_index) on discussion_reads/);
    expect(plan).toMatch(
      /Index Scan using comments_discussion_id_id_index on comments c .*\n\s+Index Cond: \(\(discussion_id = discussions\.id\) AND \(id > /,
    );
  });
});

describe('orderings across every company (role 99) through btree indexes', () => {
  it.each([
    ['status', 'stock_rows_status_desc_id_index'],
    ['-status', 'stock_rows_status_desc_id_desc_idx'],
    ['expiry_date', 'stock_rows_expiry_date_id_index'],
    ['-expiry_date', 'stock_rows_expiry_date_id_desc_idx'],
    ['mfg_date', 'stock_rows_mfg_date_id_index'],
    ['-mfg_date', 'stock_rows_mfg_date_id_desc_idx'],
    ['sku_name', 'stock_rows_sku_name_id_index'],
    ['-sku_name', 'stock_rows_sku_name_id_index'],
  ] as const)('stock by %s', async (ordering, index) => {
    const plan = await orderingPlan((tx) => listStocks(tx, admin, { ...page, ordering, filters: {} }, 'en'));
    expect(plan).toContain(index);
  });

  it.each(['purch', 'sales'] as const)('%s orders by status, both ways', async (kind) => {
    for (const ordering of ['status', '-status'] as const) {
      const plan = await orderingPlan(
        (tx) => listOrderRows(tx, admin, kind, { ...page, ordering, filters: { isTemplate: false } }),
        pageIds,
      );
      expect(plan).toContain(
        `Index Only Scan${ordering === '-status' ? ' Backward' : ''} using ${kind}_heads_live_progress_template_idx`,
      );
    }
  });

  it.each(['purch', 'sales'] as const)(
    '%s orders: a deep page of the default list walks index entries only, by number or by cursor',
    async (kind) => {
      const list = { filters: { isTemplate: false }, count: 20, with_total: false };
      const byNumber = await orderingPlan(
        (tx) => listOrderRows(tx, admin, kind, { ...list, page: 50 }),
        pageIds,
      );
      expect(byNumber).toContain(`Index Only Scan Backward using ${kind}_heads_live_creation_template_idx`);
      const previous = await listOrderRows(db, admin, kind, { ...list, page: 49 });
      expect(previous.nextCursor).toBeDefined();
      const byCursor = await orderingPlan(
        (tx) => listOrderRows(tx, admin, kind, { ...list, page: 50, cursor: previous.nextCursor }),
        pageIds,
      );
      expect(byCursor).toContain(`Index Only Scan Backward using ${kind}_heads_live_creation_template_idx`);
      expect(byCursor).toMatch(/Index Cond: \(\(ROW\(creation_date, id\) < ROW\(/);
    },
  );

  it('sales orders shipped without tracking, through their partial index', async () => {
    const plan = await searchPlan(
      (tx) =>
        listOrderRows(tx, admin, 'sales', {
          ...page,
          filters: { isTemplate: false, shippedWithoutTracking: true },
          with_total: true,
        }),
      pageIds,
    );
    expect(plan).toContain('sales_heads_shipped_untracked_idx');
  });

  it('SKUs by external code', async () => {
    const plan = await orderingPlan((tx) =>
      listSkuRows(tx, admin, { ...page, ordering: 'external_code', filters: {} }),
    );
    expect(plan).toContain('skus_external_code_index');
  });
});
