/**
 * Loads the large data set into the PostgreSQL database of DATABASE_URL, for `npm run bench --
 * --large`: per N (--orders, default 1,000,000) N purchase and N sales orders with about 2.5 lines
 * each, 2N stock rows and N comments, over 100 companies of 2 consignees each (a user of one
 * company sees 1 %), with 500 vendors, customers and SKUs per consignee. Tables are filled with
 * COPY while their secondary indexes are dropped (rebuilt afterwards) and triggers and foreign keys
 * are off for the session (the data is generated consistent); order_counts is computed at the end.
 * Generated from a fixed seed: the same on every load. Refuses a database that has orders already.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/large npm run seed:large -- --orders 1000000
 *
 * `--data-dir DIR` loads the embedded database of a server's data directory instead (DIR/db,
 * created and migrated as the server's first start would), for `LARGE_DATA_DIR=DIR npm run bench
 * -- --large`:
 *
 *   npm run seed:large -- --orders 100000 --data-dir .tmp/large-embedded
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from '@extranet/server/src/db/client';
import { seedReferenceData } from '@extranet/server/src/demo/seed-reference';
import { hashPassword } from '@extranet/server/src/modules/auth/password';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { LARGE_USERS, LARGE_WORDS } from './large-data';

const COMPANIES = 100;
const CONSIGNEES_PER_COMPANY = 2;
const CONSIGNEES = COMPANIES * CONSIGNEES_PER_COMPANY;
const PARTIES_PER_CONSIGNEE = 500;
const SKUS_PER_CONSIGNEE = 500;
const DISCUSSIONS_PER_COMPANY = 10;
const DAY_MS = 86_400_000;
/** Orders were created over the three years up to the load. */
const SPAN_DAYS = 3 * 365;

const TABLES = [
  'vendors',
  'customers',
  'skus',
  'purch_heads',
  'sales_heads',
  'purch_lines',
  'sales_lines',
  'stock_rows',
  'discussions',
  'comments',
] as const;

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1000) {
    console.error(`--${name} takes a whole number of at least 1000`);
    process.exit(2);
  }
  return value;
}

/** mulberry32: a small seeded generator, the same data on every load. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[int(0, items.length - 1)] as T;
  const hex = (length: number) => {
    let text = '';
    while (text.length < length)
      text += Math.floor(next() * 0x1_0000_0000)
        .toString(16)
        .padStart(8, '0');
    return text.slice(0, length);
  };
  return { next, int, pick, hex };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** A COPY text field: NULL as \N, tabs, newlines and backslashes escaped. */
const field = (value: string | number | boolean | null) =>
  value === null
    ? '\\N'
    : String(value).replace(/[\\\t\n\r]/g, (c) =>
        c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\',
      );

/** Where the rows go: a PostgreSQL connection, or the embedded database's files opened directly. */
interface LoadTarget {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** COPY of lines in COPY's text format, a batch at a time. */
  copy(
    table: string,
    columns: readonly string[],
    batches: AsyncIterable<string> | Iterable<string>,
  ): Promise<void>;
  close(): Promise<void>;
}

async function postgresTarget(url: string): Promise<LoadTarget> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  return {
    query: (text, values = []) => client.query(text, values),
    copy: (table, columns, batches) =>
      pipeline(
        Readable.from(batches),
        client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)),
      ),
    close: async () => {
      client.release();
      await pool.end();
    },
  };
}

/**
 * The embedded database's directory, opened with PGlite itself (not through the server's thread,
 * whose wire protocol has no COPY FROM STDIN): each batch is one COPY from PGlite's /dev/blob.
 */
async function embeddedTarget(dir: string): Promise<LoadTarget> {
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  return {
    query: (text, values = []) => db.query(text, values),
    copy: async (table, columns, batches) => {
      for await (const batch of batches)
        await db.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], {
          blob: new Blob([batch]),
        });
    },
    close: () => db.close(),
  };
}

async function copyRows(
  target: LoadTarget,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly (string | number | boolean | null)[]>,
) {
  const started = Date.now();
  let count = 0;
  function* batches() {
    let batch: string[] = [];
    for (const row of rows) {
      batch.push(`${row.map(field).join('\t')}\n`);
      count++;
      if (batch.length === 5000) {
        yield batch.join('');
        batch = [];
      }
    }
    if (batch.length) yield batch.join('');
  }
  await target.copy(table, columns, batches());
  console.log(
    `  ${table}: ${count.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

const dataDirAt = process.argv.indexOf('--data-dir');
const dataDir = dataDirAt < 0 ? undefined : process.argv[dataDirAt + 1];
const url = process.env.DATABASE_URL;
if (!dataDir && !url?.startsWith('postgres')) {
  console.error(
    "DATABASE_URL must name the PostgreSQL database to load, e.g. postgres://postgres@127.0.0.1:5432/large, or --data-dir an embedded database's directory",
  );
  process.exit(2);
}
const orders = argument('orders', 1_000_000);
const begun = Date.now();

// Migrates the database as the server would.
// The server keeps its embedded database in its data directory's db/ (server/src/config.ts).
const dbDir = dataDir && path.join(dataDir, 'db');
// A new data directory, as the server's first start would make it.
if (dataDir) mkdirSync(dataDir, { recursive: true });
const database = await openDatabase(dbDir ? { dir: dbDir } : { url: url! });
await seedReferenceData(database.db);
await database.close();

const client = dbDir ? await embeddedTarget(dbDir) : await postgresTarget(url!);
const scalar = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0];
if (Number((await scalar('select count(*) as n from purch_heads')).n) > 0) {
  console.error('The database has orders already: load the large set into an empty one.');
  process.exit(1);
}
console.log(
  `Loading ${orders.toLocaleString('en')} purchase and sales orders into ${dataDir ?? new URL(url!).pathname.slice(1)}`,
);
await client.query("set session_replication_role = 'replica'");
// The embedded database's memory is its process's: a smaller budget for the index builds.
await client.query(`set maintenance_work_mem = '${dataDir ? '64MB' : '512MB'}'`);

const random = generator(20261125);
const now = Date.now();
const uomIds = (await client.query('select id from uoms order by id')).rows.map((row) => Number(row.id));
const locationIds = (await client.query('select id from locations order by id')).rows.map((row) =>
  Number(row.id),
);
const currencyIds = (await client.query('select id from currencies order by id')).rows.map((row) =>
  Number(row.id),
);

// Companies, business lines and consignees: few, inserted plainly.
const businessLine = await scalar(
  "insert into business_lines (name) values ('Large: food'), ('Large: retail'), ('Large: pharma') returning id",
);
const firstLine = Number(businessLine.id);
const companyIds: number[] = [];
for (let c = 1; c <= COMPANIES; c++) {
  const row = await scalar('insert into companies (code, name) values ($1, $2) returning id', [
    `LRG${pad(c, 3)}`,
    `${random.pick(LARGE_WORDS.towns)} ${random.pick(LARGE_WORDS.trades)} ${pad(c, 3)}`,
  ]);
  companyIds.push(Number(row.id));
}
const consigneeIds: number[] = [];
for (let k = 0; k < CONSIGNEES; k++) {
  const company = companyIds[Math.floor(k / CONSIGNEES_PER_COMPANY)]!;
  const row = await scalar(
    'insert into consignees (company_id, business_line_id, code, name) values ($1, $2, $3, $4) returning id',
    [
      company,
      firstLine + (k % 3),
      `LRGC${pad(k + 1, 4)}`,
      `${random.pick(LARGE_WORDS.towns)} ${random.pick(LARGE_WORDS.consignees)} ${pad(k + 1, 4)}`,
    ],
  );
  consigneeIds.push(Number(row.id));
}

// Users: role 99, and one who sees the first company (1 % of everything).
const adminHash = await hashPassword(LARGE_USERS.admin.password);
const userHash = await hashPassword(LARGE_USERS.user.password);
const adminUser = await scalar(
  "insert into users (username, password_hash, fio, role_id) values ($1, $2, 'Large administrator', 99) returning id",
  [LARGE_USERS.admin.username, adminHash],
);
const companyUser = await scalar(
  "insert into users (username, password_hash, fio, role_id) values ($1, $2, 'Large clerk', 1) returning id",
  [LARGE_USERS.user.username, userHash],
);
for (const user of [adminUser, companyUser]) {
  await client.query(
    "insert into user_permissions (user_id, perm_id) select $1, id from permissions where id in ('pord', 'sord', 'stck', 'reps')",
    [user.id],
  );
}
await client.query('insert into user_companies (user_id, company_id) values ($1, $2)', [
  companyUser.id,
  companyIds[0],
]);

// Secondary indexes of the bulk tables are rebuilt after the load: far faster than row by row.
const indexes = (
  await client.query(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [TABLES],
  )
).rows as Array<{ indexname: string; indexdef: string }>;
for (const index of indexes) await client.query(`drop index "${index.indexname}"`);

const maxId = async (table: string) =>
  Number((await scalar(`select coalesce(max(id), 0) as n from ${table}`)).n);
const base = {
  vendors: await maxId('vendors'),
  customers: await maxId('customers'),
  skus: await maxId('skus'),
  purch: await maxId('purch_heads'),
  sales: await maxId('sales_heads'),
  discussions: await maxId('discussions'),
};
const partyCount = CONSIGNEES * PARTIES_PER_CONSIGNEE;
const partyOf = (consigneeIndex: number, which: number) => consigneeIndex * PARTIES_PER_CONSIGNEE + which + 1;
const skuOf = (consigneeIndex: number, which: number) =>
  base.skus + consigneeIndex * SKUS_PER_CONSIGNEE + which + 1;

function* parties(prefix: string, offset: number) {
  for (let p = 0; p < partyCount; p++) {
    const consignee = Math.floor(p / PARTIES_PER_CONSIGNEE);
    const name = `${random.pick(LARGE_WORDS.towns)} ${random.pick(LARGE_WORDS.trades)} ${pad(p + 1, 6)}`;
    yield [
      offset + p + 1,
      consigneeIds[consignee]!,
      `${prefix}${pad(p + 1, 6)}`,
      name,
      random.pick(currencyIds),
    ];
  }
}
await copyRows(
  client,
  'vendors',
  ['id', 'consignee_id', 'external_code', 'name', 'default_currency_id'],
  parties('V', base.vendors),
);
await copyRows(
  client,
  'customers',
  ['id', 'consignee_id', 'external_code', 'name', 'default_currency_id'],
  parties('K', base.customers),
);

/** Each SKU's name by its place: the stock rows carry it (migration 0034's trigger is off here). */
const skuNames: string[] = [];
function* skuRows() {
  for (let s = 0; s < CONSIGNEES * SKUS_PER_CONSIGNEE; s++) {
    const consignee = Math.floor(s / SKUS_PER_CONSIGNEE);
    const name = `${random.pick(LARGE_WORDS.products)} ${random.pick(LARGE_WORDS.variants)} ${pad(s + 1, 6)}`;
    skuNames.push(name);
    yield [
      base.skus + s + 1,
      consigneeIds[consignee]!,
      `S${pad(s + 1, 7)}`,
      `EXT-${pad(s + 1, 7)}`,
      name,
      random.pick(uomIds),
    ];
  }
}
await copyRows(client, 'skus', ['id', 'consignee_id', 'code', 'external_code', 'name', 'uom_id'], skuRows());

/** Progress of a live order, roughly as a warehouse's history has them; 0.5 % are templates. */
function progressOf(): { progress: string; template: boolean } {
  const roll = random.next();
  if (roll < 0.005) return { progress: 'template', template: true };
  if (roll < 0.9) return { progress: 'sync', template: false };
  if (roll < 0.94) return { progress: 'sent', template: false };
  if (roll < 0.97) return { progress: 'draft', template: false };
  if (roll < 0.99) return { progress: 'ready', template: false };
  return { progress: 'failure', template: false };
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function* heads(kind: 'purch' | 'sales') {
  const prefix = kind === 'purch' ? 'PO' : 'SO';
  for (let i = 0; i < orders; i++) {
    const consignee = i % CONSIGNEES;
    const id = base[kind] + i + 1;
    const created = now - (orders - i) * ((SPAN_DAYS * DAY_MS) / orders) - random.int(0, 3_600_000);
    const { progress, template } = progressOf();
    const party =
      base[kind === 'purch' ? 'vendors' : 'customers'] +
      partyOf(consignee, random.int(0, PARTIES_PER_CONSIGNEE - 1));
    const common = [
      id,
      consigneeIds[consignee]!,
      `${prefix}-${pad(i + 1, 8)}`,
      random.pick(locationIds),
      `${random.pick(LARGE_WORDS.plates)}-${random.int(100, 9999)}`,
      isoDate(created + random.int(1, 20) * DAY_MS),
      random.pick(currencyIds),
      random.next() < 0.02,
      template,
      progress,
      progress === 'sync' ? 'SHIPPED' : null,
      progress === 'sync' ? 'Shipped' : null,
      new Date(created).toISOString(),
      new Date(created).toISOString(),
      party,
      `${kind === 'purch' ? 'VR' : 'CR'}-${random.hex(8)}`,
    ];
    yield common;
  }
}
const headColumns = [
  'id',
  'consignee_id',
  'external_code',
  'location_id',
  'truck_number',
  'delivery_date',
  'currency_id',
  'is_return',
  'is_template',
  'progress',
  'status_code',
  'status_desc',
  'creation_date',
  'modification_date',
];
await copyRows(client, 'purch_heads', [...headColumns, 'vendor_id', 'vendor_reference'], heads('purch'));
await copyRows(client, 'sales_heads', [...headColumns, 'customer_id', 'customer_reference'], heads('sales'));

function* lines(kind: 'purch' | 'sales') {
  for (let i = 0; i < orders; i++) {
    const head = base[kind] + i + 1;
    const consignee = i % CONSIGNEES;
    const count = random.int(1, 4);
    const first = random.int(0, SKUS_PER_CONSIGNEE - 1);
    for (let position = 1; position <= count; position++) {
      const sku = skuOf(consignee, (first + position * 37) % SKUS_PER_CONSIGNEE);
      const qty = `${random.int(1, 500)}.000`;
      const price = `${random.int(1, 9999) / 100}`;
      yield kind === 'purch'
        ? [head, position, sku, qty, qty, random.pick(uomIds), price]
        : [
            head,
            position,
            sku,
            qty,
            qty,
            random.pick(uomIds),
            price,
            `B${random.hex(6)}`,
            isoDate(now + random.int(30, 700) * DAY_MS),
          ];
    }
  }
}
await copyRows(
  client,
  'purch_lines',
  ['head_id', 'position', 'sku_id', 'ordered_qty', 'received_qty', 'uom_id', 'price'],
  lines('purch'),
);
await copyRows(
  client,
  'sales_lines',
  [
    'head_id',
    'position',
    'sku_id',
    'ordered_qty',
    'delivered_qty',
    'uom_id',
    'price',
    'batch',
    'expiry_date',
  ],
  lines('sales'),
);

function* stock() {
  for (let r = 0; r < 2 * orders; r++) {
    const consignee = r % CONSIGNEES;
    const status = random.pick(LARGE_WORDS.stockStatuses);
    const sku = skuOf(consignee, random.int(0, SKUS_PER_CONSIGNEE - 1));
    yield [
      consigneeIds[consignee]!,
      sku,
      skuNames[sku - base.skus - 1]!,
      status[0],
      status[1],
      `${random.int(1, 2000)}.000`,
      random.pick(uomIds),
      isoDate(now + random.int(-30, 900) * DAY_MS),
      `B${random.hex(6)}`,
      isoDate(now - random.int(30, 900) * DAY_MS),
      random.pick(locationIds),
      `3${pad(random.int(0, 99_999_999), 8)}${pad(random.int(0, 999_999_999), 9)}`,
      random.pick(['S', 'M', 'L', 'XL']),
    ];
  }
}
await copyRows(
  client,
  'stock_rows',
  [
    'consignee_id',
    'sku_id',
    'sku_name',
    'status_code',
    'status_desc',
    'qty',
    'uom_id',
    'expiry_date',
    'batch',
    'mfg_date',
    'location_id',
    'sscc',
    'size',
  ],
  stock(),
);

function* discussionRows() {
  for (let d = 0; d < COMPANIES * DISCUSSIONS_PER_COMPANY; d++) {
    const at = new Date(now - random.int(0, SPAN_DAYS) * DAY_MS).toISOString();
    yield [
      base.discussions + d + 1,
      companyIds[Math.floor(d / DISCUSSIONS_PER_COMPANY)]!,
      `${random.pick(LARGE_WORDS.topics)} ${pad(d + 1, 4)}`,
      'normal',
      adminUser.id,
      at,
      at,
    ];
  }
}
await copyRows(
  client,
  'discussions',
  ['id', 'company_id', 'name', 'visibility', 'author_id', 'creation_date', 'modification_date'],
  discussionRows(),
);

function* commentRows() {
  const discussionCount = COMPANIES * DISCUSSIONS_PER_COMPANY;
  for (let c = 0; c < orders; c++) {
    const at = new Date(now - (orders - c) * ((SPAN_DAYS * DAY_MS) / orders)).toISOString();
    yield [
      base.discussions + (c % discussionCount) + 1,
      random.next() < 0.5 ? adminUser.id : companyUser.id,
      `${random.pick(LARGE_WORDS.topics)}: ${random.hex(24)}`,
      at,
    ];
  }
}
await copyRows(client, 'comments', ['discussion_id', 'user_id', 'text', 'creation_date'], commentRows());

// The triggers that keep each order's search text are off for the load (migration 0029): filled
// here in one statement a kind, before the indexes that carry it are built.
console.log('Search texts of the orders');
let started = Date.now();
await client.query('select order_search_text_fill()');
console.log(`  in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('Rebuilding indexes');
started = Date.now();
for (const index of indexes) await client.query(index.indexdef);
console.log(`  ${indexes.length} indexes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await client.query("set session_replication_role = 'origin'");
for (const table of TABLES) {
  await client.query(
    `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
  );
}
await client.query(`
  insert into order_counts (kind, consignee_id, is_template, progress, count)
  select 'purch', consignee_id, is_template, progress, count(*)::int from purch_heads where excluded_at is null group by 2, 3, 4
  union all
  select 'sales', consignee_id, is_template, progress, count(*)::int from sales_heads where excluded_at is null group by 2, 3, 4
  on conflict (kind, consignee_id, is_template, progress) do update set count = excluded.count`);
console.log('Vacuum and statistics');
started = Date.now();
for (const table of TABLES) await client.query(`vacuum analyze ${table}`);
console.log(`  in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await client.close();
console.log(
  `Loaded in ${((Date.now() - begun) / 60_000).toFixed(1)} min. Sign in as ${LARGE_USERS.admin.username} (role 99) or ${LARGE_USERS.user.username} (1 %).`,
);
