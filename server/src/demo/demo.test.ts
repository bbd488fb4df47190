import { createHash } from 'node:crypto';
import { PERMISSIONS } from '@extranet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import { verifyPassword } from '../modules/auth/password';
import { openTestDatabase } from '../test/app';
import { DEMO_ACCOUNTS, DEMO_USER_PASSWORD, DEMO_USERS, loadDemoData } from './demo';
import { seedReferenceData } from './seed-reference';

const NOW = new Date('2026-03-15T10:30:00Z');
const PROGRESS = ['draft', 'ready', 'sent', 'failure', 'sync', 'template'];

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function count(db: Db, table: string, where = 'true'): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  );
  return row!.n;
}

/** A digest of every row of the tables (password hashes aside: argon2 salts them). */
async function digest(db: Db): Promise<string> {
  const tables = [
    'companies',
    'business_lines',
    'consignees',
    'vendors',
    'customers',
    'addresses',
    'skus',
    'sku_packaging',
    'sku_eans',
    'stock_rows',
    'users',
    'user_companies',
    'user_permissions',
    'user_notification_types',
    'purch_heads',
    'purch_lines',
    'sales_heads',
    'sales_lines',
    'discussions',
    'discussion_members',
    'comments',
    'notifications',
    'reports',
  ];
  const hash = createHash('sha256');
  for (const table of tables) {
    const [row] = await rows<{ d: string | null }>(
      db,
      sql.raw(
        `select string_agg(x, E'\\n' order by x) as d from (select (to_jsonb(t) - 'password_hash')::text as x from ${table} t) s`,
      ),
    );
    hash.update(`${table}\n${row?.d ?? ''}\n`);
  }
  return hash.digest('hex');
}

/** The demo on a fresh copy of the run's migrated database (on PostgreSQL in its pass). */
async function freshDemo(): Promise<Database> {
  const database = await openTestDatabase();
  await seedReferenceData(database.db);
  await loadDemoData(database.db, { now: NOW });
  return database;
}

describe('demo data', () => {
  let first: Database;

  beforeAll(async () => {
    first = await freshDemo();
  });
  afterAll(async () => {
    await first?.close();
  });

  it('has the promised volumes', async () => {
    const { db } = first;
    expect(await count(db, 'companies')).toBe(3);
    expect(await count(db, 'business_lines')).toBe(2);
    expect(await count(db, 'consignees')).toBe(6);
    expect(await count(db, 'vendors')).toBe(40);
    expect(await count(db, 'customers')).toBe(40);
    expect(await count(db, 'skus')).toBe(300);
    expect(await count(db, 'stock_rows')).toBe(2000);
    expect(await count(db, 'purch_heads')).toBe(200);
    expect(await count(db, 'sales_heads')).toBe(200);
    expect(await count(db, 'reports')).toBe(3);
    expect(await count(db, 'currencies')).toBe(3);
    expect(await count(db, 'locations')).toBe(4);
    // every company has a consignee in each business line
    expect(
      await count(
        db,
        '(select company_id from consignees group by company_id having count(distinct business_line_id) = 2) c',
      ),
    ).toBe(3);
  });

  it('gives every party 1 to 3 addresses, some exactly one', async () => {
    const { db } = first;
    for (const owner of ['vendor_id', 'customer_id']) {
      const counts = await rows<{ n: number }>(
        db,
        sql.raw(`select count(*)::int as n from addresses where ${owner} is not null group by ${owner}`),
      );
      expect(counts).toHaveLength(40);
      expect(counts.every((row) => row.n >= 1 && row.n <= 3)).toBe(true);
      expect(counts.some((row) => row.n === 1)).toBe(true);
    }
  });

  it('gives every SKU packaging lines and valid EAN-13 codes', async () => {
    const { db } = first;
    expect(
      await count(db, 'skus s', 'not exists (select 1 from sku_packaging p where p.sku_id = s.id)'),
    ).toBe(0);
    expect(await count(db, 'skus s', 'not exists (select 1 from sku_eans e where e.sku_id = s.id)')).toBe(0);
    const eans = await rows<{ ean_text: string }>(db, sql`select ean_text from sku_eans`);
    for (const { ean_text: ean } of eans) {
      expect(ean).toMatch(/^\d{13}$/);
      const sum = [...ean.slice(0, 12)].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 ? 3 : 1), 0);
      expect((10 - (sum % 10)) % 10).toBe(Number(ean[12]));
    }
    expect(await count(db, 'stock_rows', "sscc is not null and sscc !~ '^[0-9]{18}$'")).toBe(0);
    expect(await count(db, 'stock_rows', 'status_code is null')).toBeGreaterThan(0);
    expect(
      await count(db, 'stock_rows s join skus k on k.id = s.sku_id', 's.consignee_id <> k.consignee_id'),
    ).toBe(0);
  });

  it('spreads the orders over every progress value', async () => {
    const { db } = first;
    for (const table of ['purch_heads', 'sales_heads']) {
      const found = await rows<{ progress: string; templates: number; n: number }>(
        db,
        sql.raw(
          `select progress, count(*) filter (where is_template)::int as templates, count(*)::int as n from ${table} group by progress`,
        ),
      );
      expect(found.map((row) => row.progress).sort()).toEqual([...PROGRESS].sort());
      for (const row of found) expect(row.templates).toBe(row.progress === 'template' ? row.n : 0);
      expect(
        await count(
          db,
          table,
          "progress in ('sent', 'sync') and (status_code is null or status_desc is null)",
        ),
      ).toBe(0);
      // creation dates within the last 120 days
      expect(
        await count(
          db,
          table,
          `creation_date > '${NOW.toISOString()}' or creation_date < '${NOW.toISOString()}'::timestamptz - interval '120 days'`,
        ),
      ).toBe(0);
    }
    expect(await count(db, 'purch_lines', 'received_qty is not null')).toBeGreaterThan(0);
    expect(await count(db, 'sales_lines', 'delivered_qty is not null')).toBeGreaterThan(0);
  });

  it('keeps every order line within the consignee of its order, 1 to 6 lines an order', async () => {
    const { db } = first;
    for (const kind of ['purch', 'sales']) {
      expect(
        await count(
          db,
          `${kind}_lines l join ${kind}_heads h on h.id = l.head_id join skus s on s.id = l.sku_id`,
          's.consignee_id <> h.consignee_id',
        ),
      ).toBe(0);
      expect(
        await count(
          db,
          `(select h.id, count(l.id) as n from ${kind}_heads h left join ${kind}_lines l on l.head_id = h.id group by h.id) c`,
          'n < 1 or n > 6',
        ),
      ).toBe(0);
    }
  });

  it('gives every order exactly one discussion of its company, with comments', async () => {
    const { db } = first;
    for (const kind of ['purch', 'sales']) {
      expect(
        await count(
          db,
          `${kind}_heads h join consignees c on c.id = h.consignee_id`,
          `(select count(*) from discussions d where d.${kind}_head_id = h.id and d.visibility = 'order' and d.company_id = c.company_id) <> 1`,
        ),
      ).toBe(0);
    }
    expect(await count(db, 'discussions', "visibility = 'order'")).toBe(400);
    expect(
      await count(db, 'discussions d', 'not exists (select 1 from comments c where c.discussion_id = d.id)'),
    ).toBe(0);
    const dicts = await rows<{ code: string }>(
      db,
      sql`select distinct dict->>'code' as code from comments where dict is not null`,
    );
    expect(dicts.map((row) => row.code).sort()).toEqual(['order_progress_changed', 'order_status_changed']);
    expect(await count(db, 'comments', 'dict is not null and user_id is not null')).toBe(0);
  });

  it('has discussions of every visibility for every company, with members where they matter', async () => {
    const { db } = first;
    const found = await rows<{ company_id: number; visibility: string }>(
      db,
      sql`select distinct company_id, visibility from discussions`,
    );
    expect(found).toHaveLength(3 * 4);
    expect(
      await count(
        db,
        'discussions d',
        "visibility in ('normal', 'private') and not exists (select 1 from discussion_members m where m.discussion_id = d.id)",
      ),
    ).toBe(0);
    expect(await count(db, 'notifications')).toBeGreaterThan(0);
  });

  it('has the demo accounts with their roles, permissions and companies', async () => {
    const { db } = first;
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await rows<{
        id: number;
        role_id: number;
        password_hash: string;
        password_expired: boolean;
        excluded: boolean;
        perms: string[];
        companies: string[];
      }>(
        db,
        sql`select u.id, u.role_id, u.password_hash, u.password_expired, u.excluded,
              coalesce((select array_agg(perm_id order by perm_id) from user_permissions p where p.user_id = u.id), '{}') as perms,
              coalesce((select array_agg(c.name order by c.name) from user_companies uc join companies c on c.id = uc.company_id where uc.user_id = u.id), '{}') as companies
            from users u where u.username = ${account.username}`,
      );
      expect(user, account.username).toBeDefined();
      expect(user!.role_id).toBe(account.role);
      expect(user!.password_expired).toBe(false);
      expect(user!.excluded).toBe(false);
      expect([...user!.perms].sort()).toEqual([...account.permissions].sort());
      expect([...user!.companies].sort()).toEqual([...account.companies].sort());
      expect(await verifyPassword(user!.password_hash, account.password)).toBe(true);
    }
    expect(DEMO_ACCOUNTS.find((a) => a.username === 'admin')!.permissions).toEqual([...PERMISSIONS]);
    const manager = DEMO_ACCOUNTS.find((a) => a.username === 'manager')!;
    expect(manager.companies).toHaveLength(2);
    expect(manager.companies).toContain(DEMO_ACCOUNTS.find((a) => a.username === 'operator')!.companies[0]);

    expect(await count(db, 'users')).toBe(DEMO_ACCOUNTS.length + DEMO_USERS.length);
    expect(await count(db, 'users', 'password_expired')).toBe(0);
    expect(
      await count(
        db,
        'users u',
        'role_id <> 99 and not exists (select 1 from user_companies c where c.user_id = u.id)',
      ),
    ).toBe(0);
    const [ordinary] = await rows<{ password_hash: string }>(
      db,
      sql`select password_hash from users where username = ${DEMO_USERS[0]!.username}`,
    );
    expect(await verifyPassword(ordinary!.password_hash, DEMO_USER_PASSWORD)).toBe(true);
    // the operator has something new in the notification dropdown
    expect(
      await count(
        db,
        'notifications n join users u on u.id = n.user_id',
        "u.username = 'operator' and not n.seen",
      ),
    ).toBeGreaterThan(0);
  });

  it('queues every ready order for the warehouse link, and nothing else', async () => {
    const { db } = first;
    for (const kind of ['purch', 'sales']) {
      const sends = await rows<{ head_id: number; progress: string; due_in: number }>(
        db,
        sql.raw(
          `select (j.payload->>'headId')::int as head_id, h.progress,
             extract(epoch from j.run_at - now())::int as due_in
           from jobs j join ${kind}_heads h on h.id = (j.payload->>'headId')::int
           where j.kind = 'wms-send' and j.payload->>'kind' = '${kind}' and j.done_at is null
           order by j.run_at`,
        ),
      );
      expect(sends.length).toBe(await count(db, `${kind}_heads`, "progress = 'ready'"));
      expect(new Set(sends.map((send) => send.head_id)).size).toBe(sends.length);
      expect(sends.every((send) => send.progress === 'ready')).toBe(true);
      expect(sends.length).toBeGreaterThan(0);
      expect(sends.every((send) => send.due_in <= 0)).toBe(true);
    }
  });

  it('is the same data on every load', async () => {
    const second = await freshDemo();
    try {
      expect(await digest(second.db)).toBe(await digest(first.db));
    } finally {
      await second.close();
    }
  });
});
