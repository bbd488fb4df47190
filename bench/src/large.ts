/**
 * `npm run bench -- --large`: the lists, searches, totals, deep pages and dashboard pies on the
 * large data set (`npm run seed:large`) in the PostgreSQL database of DATABASE_URL, as role 99 and
 * as a user who sees 1 % of it (one company of 100). One connection at a time, so each figure is
 * the latency of one call (median of the rounds' p50) with the server's CPU per call; the bare
 * route runs alongside as the harness's baseline. Search terms are taken from the data: an order
 * code, a text found nowhere, a party's and a consignee's name, a SKU's name and a batch.
 * Reads only (signing in writes a session).
 */
import pg from 'pg';
import {
  type Measured,
  measure,
  type Options,
  type Row,
  signIn,
  startBare,
  startServer,
  type Target,
} from './harness';
import { LARGE_USERS } from './large-data';

interface Terms {
  adminCode: string;
  userCode: string;
  partyName: string;
  consigneeName: string;
  skuName: string;
  batch: string;
  userOrders: number;
}

/** Search terms from the data itself, so the bench follows whatever the generator made. */
async function searchTerms(databaseUrl: string): Promise<Terms> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0];
    const user = await one(
      `select c.id, c.name from users u join user_companies uc on uc.user_id = u.id
       join consignees c on c.company_id = uc.company_id where u.username = $1 order by c.id limit 1`,
      [LARGE_USERS.user.username],
    );
    if (!user) throw new Error('the large data set is not loaded: npm run seed:large');
    const orders = Number((await one('select count(*) as n from purch_heads')).n);
    const withoutNumber = (name: string) => name.replace(/\s*\d+$/, '');
    return {
      adminCode: (
        await one('select external_code from purch_heads order by id offset $1 limit 1', [
          Math.floor(orders / 2),
        ])
      ).external_code,
      userCode: (
        await one(
          'select external_code from purch_heads where consignee_id = $1 order by id offset 100 limit 1',
          [user.id],
        )
      ).external_code,
      partyName: withoutNumber(
        (await one('select name from vendors where consignee_id = $1 order by id limit 1', [user.id])).name,
      ),
      consigneeName: user.name,
      skuName: withoutNumber(
        (await one('select name from skus where consignee_id = $1 order by id limit 1', [user.id])).name,
      ),
      batch: (
        await one('select batch from stock_rows where consignee_id = $1 order by id offset 7 limit 1', [
          user.id,
        ])
      ).batch,
      userOrders: Number(
        (
          await one(
            'select count(*) as n from purch_heads h join consignees c on c.id = h.consignee_id join user_companies uc on uc.company_id = c.company_id join users u on u.id = uc.user_id where u.username = $1 and not h.is_template',
            [LARGE_USERS.user.username],
          )
        ).n,
      ),
    };
  } finally {
    await client.end();
  }
}

async function call(target: Target, token: string, path: string, body: unknown) {
  const response = await fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `SessionCode ${token}` },
    body: JSON.stringify(body),
  });
  return (await response.json()) as {
    next_cursor?: string;
    items?: unknown[];
    total?: number;
    total_capped?: boolean;
  };
}

/** The issue's targets, in milliseconds a call, by the start of a row's name. */
const TARGETS: Array<[prefix: string, ms: number]> = [
  ['list 50 + total', 20],
  ['list 50', 20],
  ['search', 50],
  ['deep page', 20],
  ['stock search', 50],
  ['dashboard pie', 10],
];

/** One call at a time: its latency is the inverse of its rate; the target and whether it is met. */
function printLatencies(title: string, results: Measured[]) {
  const lines = [
    `\n### ${title}\n`,
    '| call | ms a call | p99 ms | server CPU ms/call | target ms | met |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const r of results.slice(1)) {
    const ms = 1000 / r.requestsPerSecond;
    const target = TARGETS.find(([prefix]) => r.name.startsWith(prefix))?.[1];
    lines.push(
      `| ${r.name} | ${ms.toFixed(1)} | ${r.p99.toFixed(0)} | ${r.cpuMsPerCall.toFixed(2)} | ${target ?? ''} | ` +
        `${target === undefined ? '' : ms <= target ? 'yes' : 'no'}${r.failures ? ` (${r.failures} failed)` : ''} |`,
    );
  }
  console.log(lines.join('\n'));
}

export async function runLarge(options: Options): Promise<Measured[]> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('--large measures the database of DATABASE_URL, loaded by npm run seed:large');
    process.exit(2);
  }
  const terms = await searchTerms(databaseUrl);
  const targets: Target[] = [];
  try {
    const bare = await startBare();
    targets.push(bare);
    const server = await startServer({ name: 'PostgreSQL server, large set', databaseUrl, demo: false });
    targets.push(server);
    const orders = '/api/orders/purch/list_orders';
    const rows: Row[] = [];
    const who = [
      {
        label: 'role 99',
        token: await signIn(server, LARGE_USERS.admin.username, LARGE_USERS.admin.password),
        code: terms.adminCode,
      },
      {
        label: '1 % user',
        token: await signIn(server, LARGE_USERS.user.username, LARGE_USERS.user.password),
        code: terms.userCode,
      },
    ];
    for (const { label, token, code } of who) {
      const list = (name: string, body: Record<string, unknown>) =>
        rows.push({
          name: `${name}, ${label}`,
          target: server,
          path: orders,
          body: { count: 50, ...body },
          token,
        });
      const listFilters = { is_template: false };
      list('list 50', { filters: listFilters });
      list('list 50 + total', { filters: listFilters, with_total: true });
      list('search, rare (an order code) + total', {
        filters: { ...listFilters, smart: code },
        with_total: true,
      });
      list('search, no match + total', { filters: { ...listFilters, smart: 'qzxjv' }, with_total: true });
      list(`search, party name "${terms.partyName}" + total`, {
        filters: { ...listFilters, smart: terms.partyName },
        with_total: true,
      });
      list('search, consignee name + total', {
        filters: { ...listFilters, smart: terms.consigneeName },
        with_total: true,
      });
      // Deep pages: past 99 % of role 99's orders' first 50,000, and near the end of the user's.
      const deep = label === 'role 99' ? 1000 : Math.floor(terms.userOrders / 50) - 2;
      list(`deep page ${deep} (offset)`, { filters: listFilters, page: deep });
      const before = await call(server, token, orders, { filters: listFilters, count: 50, page: deep - 1 });
      if (before.next_cursor)
        list(`deep page ${deep} (cursor)`, { filters: listFilters, page: deep, cursor: before.next_cursor });
      rows.push(
        {
          name: `stock search, SKU name "${terms.skuName}" + total, ${label}`,
          target: server,
          path: '/api/stock/list_stocks',
          body: { filters: { smart: terms.skuName }, count: 50, with_total: true },
          token,
        },
        {
          name: `stock search, rare (a batch) + total, ${label}`,
          target: server,
          path: '/api/stock/list_stocks',
          body: { filters: { smart: terms.batch }, count: 50, with_total: true },
          token,
        },
        {
          name: `dashboard pie (purchase), ${label}`,
          target: server,
          path: '/api/graphs/list_purch_statuses',
          body: {},
          token,
        },
        {
          name: `dashboard pie (sales), ${label}`,
          target: server,
          path: '/api/graphs/list_sales_statuses',
          body: {},
          token,
        },
      );
    }
    // Latency of one call at a time: a warm-up pass first (the figures are for a warm cache).
    for (const row of rows) await call(server, row.token!, row.path, row.body);
    const results = await measure(
      { name: 'bare Fastify route', target: bare, method: 'GET', path: '/bare' },
      rows,
      { ...options, connections: 1 },
    );
    printLatencies(
      `Large set (${terms.userOrders.toLocaleString('en')} purchase orders seen by the 1 % user), one connection, ` +
        `${options.rounds} rounds of ${options.seconds} s, medians`,
      results,
    );
    return results;
  } finally {
    for (const target of targets.reverse()) await target.stop();
  }
}
