import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { insertProductSkus, planActor, usePlanDatabase } from '../../test/plans';
import { listStocks } from './stock.repository';

/**
 * The plans of stock searches (issue 30), as the planner chooses them on a database with
 * statistics: 50 companies of 2 consignees, 40 SKUs a consignee named by a few product words (a
 * product word names a sixth of all SKUs), 40,000 stock rows with batches and SSCCs. A user of one
 * company sees 2 % of the rows; their searches must never read the stock rows from the table's
 * start (a sequential scan), whatever the word. No timing is asserted.
 */

const COMPANIES = 50;
const ROWS = 40_000;

const plan = usePlanDatabase(COMPANIES, (made) => {
  const skuCount = 40 * made.consigneeIds.length;
  return [
    insertProductSkus(made, skuCount),
    // Row n: the SKU n % skuCount (of consignee n % consignees, as the SKU's own).
    `insert into stock_rows (consignee_id, sku_id, qty, uom_id, location_id, batch, sscc, expiry_date, status_desc)
      select ${made.consigneeOf('n')}, first.id + n % ${skuCount}, 1, (select min(id) from uoms), (select min(id) from locations),
        'B' || lpad((n % 997)::text, 5, '0'), lpad(n::text, 18, '0'), current_date + (n % 400), 'Available'
      from generate_series(0, ${ROWS - 1}) n, (select min(id) as id from skus where code = 'SKU-0') first`,
  ];
});

const actorOf = (companyIds: number[]) => planActor(companyIds, ['stck']);

/** The plans of every statement of a call that reads the stock rows. */
const plansOf = (run: (tx: Executor) => Promise<unknown>) => plan.plansOf(run, /"stock_rows"/);

const SEQUENTIAL = /Seq Scan on stock_rows/;
const searches = [
  ['a product word of a good part of all SKUs', 'juice'],
  ['a SKU name', 'Cheese 1'],
  ['a batch', 'B00042'],
  ['a word found nowhere', 'zzqx'],
] as const;

describe("a user's stock searches", () => {
  it('read no stock rows from the table’s start, in any ordering, with a total', async () => {
    const user = actorOf([plan.userCompanyId]);
    for (const [, smart] of searches) {
      for (const ordering of [undefined, '-sku_name', 'expiry_date', 'status'] as const) {
        const plans = await plansOf((tx) =>
          listStocks(tx, user, { page: 0, count: 50, with_total: true, ordering, filters: { smart } }, 'en'),
        );
        expect(plans.length).toBeGreaterThan(0);
        for (const plan of plans) expect(plan, `${smart}, ${ordering}`).not.toMatch(SEQUENTIAL);
      }
    }
  });

  it('find what the columns name, only the user’s rows, with their total', async () => {
    const user = actorOf([plan.userCompanyId]);
    for (const [, smart] of searches) {
      const found = await listStocks(
        plan.db,
        user,
        { page: 0, count: 1000, with_total: true, filters: { smart } },
        'en',
      );
      const pattern = `%${smart}%`;
      const expected = (await plan.db.execute(
        sql`select r.id from stock_rows r join skus k on k.id = r.sku_id
          where r.consignee_id in (${plan.userConsigneeIds[0]}, ${plan.userConsigneeIds[1]})
            and (r.batch ilike ${pattern} or r.sscc ilike ${pattern} or k.code ilike ${pattern}
              or k.external_code ilike ${pattern} or k.name ilike ${pattern})
          order by r.id`,
      )) as unknown as { rows: Array<{ id: number }> };
      const ids = expected.rows.map((row) => Number(row.id));
      expect(
        found.rows.map((row) => row.stock_id).sort((a, b) => a - b),
        smart,
      ).toEqual(ids);
      expect(found.total?.value, smart).toBe(ids.length);
      if (smart !== 'zzqx') expect(ids.length, smart).toBeGreaterThan(0);
    }
  });

  it('count and page a common word for role 99 as the rows it finds', async () => {
    const admin = actorOf([]);
    const first = await listStocks(
      plan.db,
      admin,
      { page: 0, count: 50, with_total: true, filters: { smart: 'juice' } },
      'en',
    );
    const expected = (await plan.db.execute(
      sql`select count(*)::int as n from stock_rows r join skus k on k.id = r.sku_id where k.name ilike '%juice%'`,
    )) as unknown as { rows: Array<{ n: number }> };
    const matching = Number(expected.rows[0]!.n);
    expect(matching).toBeGreaterThan(2000);
    expect(first.total).toEqual(
      matching > 10_000 ? { value: 10_000, capped: true } : { value: matching, capped: false },
    );
    expect(first.rows).toHaveLength(51);
    // The default ordering: by SKU name, then row.
    const names = first.rows.map((row) => row.sku.name);
    expect([...names].sort()).toEqual(names);
    for (const row of first.rows) expect(row.sku.name.toLowerCase()).toContain('juice');
  });
});
