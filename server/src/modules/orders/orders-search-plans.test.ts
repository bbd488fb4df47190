import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { insertProductSkus, planActor, usePlanDatabase } from '../../test/plans';
import { listOrderRows } from './orders.list';

/**
 * The plans of the searches people type (issue 30), as the planner chooses them on a database with
 * statistics: 50 companies of 2 consignees, 10,000 orders of each kind with 2 to 4 lines, SKUs
 * named by a few product words (a product word names the SKUs of a good part of all lines), vendors
 * and customers named by a few towns, plates of five countries. A user of one company sees 2 % of
 * the orders; their searches must start from their consignees, never from a scan of an order or
 * line table (the tables are big enough that nothing else should). No timing is asserted.
 */

const COMPANIES = 50;
const ORDERS = 10_000;

const plan = usePlanDatabase(COMPANIES, (made) => {
  const { consigneeIds, consigneeOf } = made;
  const towns = `(array['Riga','Tallinn','Vilnius','Kaunas','Tartu','Liepaja','Jelgava','Narva'])`;
  const plates = `(array['LV','EE','LT','PL','FI'])`;
  const perConsignee = 20 * consigneeIds.length - 1;
  const statements = [
    // 20 SKUs, 20 vendors and 20 customers a consignee.
    insertProductSkus(made, perConsignee + 1),
    `insert into vendors (consignee_id, external_code, name)
      select ${consigneeOf('n')}, 'V-' || n, ${towns}[1 + n % 8] || ' Foods ' || n
      from generate_series(0, ${perConsignee}) n`,
    `insert into customers (consignee_id, external_code, name)
      select ${consigneeOf('n')}, 'C-' || n, ${towns}[1 + n % 8] || ' Market ' || n
      from generate_series(0, ${perConsignee}) n`,
  ];
  for (const kind of ['purch', 'sales'] as const) {
    const party = kind === 'purch' ? 'vendor' : 'customer';
    const prefix = kind === 'purch' ? 'PO' : 'SO';
    statements.push(
      // Party and SKU number k of consignee c (0-based, in the order of consigneeIds): row c + 100 k.
      `insert into ${kind}_heads (consignee_id, external_code, truck_number, ${party}_id, ${party}_reference, creation_date, progress)
        select ${consigneeOf('n')}, '${prefix}-' || lpad(n::text, 8, '0'), ${plates}[1 + n % 5] || '-' || (1000 + n % 9000),
          first.id + n % ${consigneeIds.length} + ${consigneeIds.length} * (n % 20), 'R-' || md5(n::text),
          now() - n * interval '1 hour', case when n % 10 = 0 then 'draft' else 'sync' end
        from generate_series(0, ${ORDERS - 1}) n, (select id from ${party}s where external_code = '${kind === 'purch' ? 'V' : 'C'}-0') first`,
      `insert into ${kind}_lines (head_id, position, sku_id)
        select h.id, p, first.id + (h.id - head.id) % ${consigneeIds.length} + ${consigneeIds.length} * ((h.id * 7 + p * 3) % 20)
        from ${kind}_heads h cross join generate_series(1, 2 + h.id % 3) p,
          (select id from skus where code = 'SKU-0') first, (select min(id) as id from ${kind}_heads) head`,
    );
  }
  return statements;
});

const actorOf = (companyIds: number[]) => planActor(companyIds, ['pord', 'sord']);

/** The plans of every statement of a call that reads an order or line table. */
const plansOf = (run: (tx: Executor) => Promise<unknown>) =>
  plan.plansOf(run, /"(purch|sales)_(heads|lines)"/);

const SEQUENTIAL = /Seq Scan on (purch|sales)_(heads|lines)/;

describe("a user's searches start from the user's consignees", () => {
  const searches = [
    ['a product word on a good part of all lines', 'juice'],
    ['a two-letter plate prefix', 'LV'],
    ['a town in party names', 'Riga'],
    ['a word found nowhere', 'zzqx'],
  ] as const;

  it.each(['purch', 'sales'] as const)(
    '%s orders: no sequential scan of an order or line table, by date or by status, with a total',
    async (kind) => {
      const user = actorOf([plan.userCompanyId]);
      for (const [, smart] of searches) {
        for (const ordering of [undefined, 'status'] as const) {
          const plans = await plansOf((tx) =>
            listOrderRows(tx, user, kind, {
              page: 0,
              count: 50,
              with_total: true,
              ordering,
              filters: { smart, isTemplate: false },
            }),
          );
          expect(plans.length).toBeGreaterThan(0);
          for (const plan of plans) expect(plan, `${smart}, ${ordering}`).not.toMatch(SEQUENTIAL);
          // The matches are read from the consignees' entries of the index carrying the text.
          expect(plans.join('\n')).toContain(`${kind}_heads_live_consignee_search_idx`);
        }
      }
    },
  );

  it('finds what the source columns name, and only the user’s orders, with their total', async () => {
    const user = actorOf([plan.userCompanyId]);
    for (const [, smart] of searches) {
      const found = await listOrderRows(plan.db, user, 'purch', {
        page: 0,
        count: 1000,
        with_total: true,
        filters: { smart, isTemplate: false },
      });
      // The same search on the orders' own columns, their vendor's and their lines' SKUs'.
      const pattern = smart.length < 3 ? `${smart}%` : `%${smart}%`;
      const anywhere =
        smart.length < 3
          ? sql`false`
          : sql`v.name ilike ${pattern} or v.external_code ilike ${pattern} or exists (
              select 1 from purch_lines l join skus k on k.id = l.sku_id where l.head_id = h.id
                and (k.code ilike ${pattern} or k.external_code ilike ${pattern} or k.name ilike ${pattern}))
              or exists (select 1 from consignees c where c.id = h.consignee_id and c.name ilike ${pattern})`;
      const expected = (await plan.db.execute(
        sql`select h.id from purch_heads h left join vendors v on v.id = h.vendor_id
          where h.consignee_id in (${plan.userConsigneeIds[0]}, ${plan.userConsigneeIds[1]}) and h.excluded_at is null
            and not h.is_template and (h.external_code ilike ${pattern} or h.vendor_reference ilike ${pattern}
              or h.truck_number ilike ${pattern} or ${anywhere})
          order by h.id`,
      )) as unknown as { rows: Array<{ id: number }> };
      const ids = expected.rows.map((row) => Number(row.id));
      expect(
        found.rows.map((row) => row.id).sort((a, b) => a - b),
        smart,
      ).toEqual(ids);
      expect(found.total?.value, smart).toBe(ids.length);
      if (smart !== 'zzqx') expect(ids.length, smart).toBeGreaterThan(0);
    }
  });

  it('finds, for role 99, every order a two-letter prefix begins, each once, with their total', async () => {
    for (const kind of ['purch', 'sales'] as const) {
      const found = await listOrderRows(plan.db, actorOf([]), kind, {
        page: 0,
        count: 1000,
        with_total: true,
        filters: { smart: 'lv', isTemplate: false },
      });
      const reference = kind === 'purch' ? sql.raw('vendor_reference') : sql.raw('customer_reference');
      const expected = (await plan.db.execute(
        sql`select h.id from ${sql.raw(`${kind}_heads`)} h where h.excluded_at is null and not h.is_template
          and (h.external_code ilike 'LV%' or h.${reference} ilike 'LV%' or h.truck_number ilike 'LV%')`,
      )) as unknown as { rows: Array<{ id: number }> };
      const ids = new Set(expected.rows.map((row) => Number(row.id)));
      expect(ids.size, kind).toBeGreaterThan(1000);
      expect(found.total?.value, kind).toBe(ids.size);
      // A page of 1,000 (and the one row more that says there are more), each order once.
      expect(found.rows.length, kind).toBeGreaterThanOrEqual(1000);
      expect(new Set(found.rows.map((row) => row.id)).size, kind).toBe(found.rows.length);
      expect(
        found.rows.every((row) => ids.has(row.id)),
        kind,
      ).toBe(true);
    }
  });

  it('finds, for role 99, a common word’s orders of a date range in the list’s order, by page and by cursor', async () => {
    const admin = actorOf([]);
    const day = (await plan.db.execute(
      sql`select (now() - interval '90 days')::date::text as day`,
    )) as unknown as {
      rows: Array<{ day: string }>;
    };
    const filters = { smart: 'juice', isTemplate: false, creationDateFrom: day.rows[0]!.day };
    const expected = (await plan.db.execute(
      sql`select h.id from purch_heads h where h.excluded_at is null and not h.is_template
        and h.creation_date >= ${filters.creationDateFrom}::date and h.search_text like '%juice%'
        order by h.creation_date desc, h.id desc`,
    )) as unknown as { rows: Array<{ id: number }> };
    const ids = expected.rows.map((row) => Number(row.id));
    expect(ids.length).toBeGreaterThan(100);
    const list = { count: 50, with_total: true, filters };
    const first = await listOrderRows(plan.db, admin, 'purch', { ...list, page: 0 });
    const second = await listOrderRows(plan.db, admin, 'purch', { ...list, page: 1 });
    const next = await listOrderRows(plan.db, admin, 'purch', { ...list, page: 1, cursor: first.nextCursor });
    expect(first.total).toEqual({ value: ids.length, capped: false });
    expect(first.rows.slice(0, 50).map((row) => row.id)).toEqual(ids.slice(0, 50));
    expect(second.rows.slice(0, 50).map((row) => row.id)).toEqual(ids.slice(50, 100));
    expect(next.rows.map((row) => row.id)).toEqual(second.rows.map((row) => row.id));
  });

  it('pages a user’s search by number and by cursor alike, in either ordering', async () => {
    const user = actorOf([plan.userCompanyId]);
    for (const ordering of [undefined, 'status', '-creation_date'] as const) {
      const list = { count: 20, with_total: true, ordering, filters: { smart: 'juice' } };
      const first = await listOrderRows(plan.db, user, 'purch', { ...list, page: 0 });
      const second = await listOrderRows(plan.db, user, 'purch', { ...list, page: 1 });
      const next = await listOrderRows(plan.db, user, 'purch', {
        ...list,
        page: 1,
        cursor: first.nextCursor,
      });
      expect(first.nextCursor).toBeDefined();
      expect(next.rows.map((row) => row.id)).toEqual(second.rows.map((row) => row.id));
      expect(second.rows.map((row) => row.id)).not.toContain(first.rows[0]!.id);
      expect(second.total).toEqual(first.total);
    }
  });

  it('keeps each order’s text as its head, lines, SKUs and party change', async () => {
    const user = actorOf([plan.userCompanyId]);
    const admin = actorOf([]);
    const idsOf = async (smart: string) => {
      const mine = await listOrderRows(plan.db, user, 'purch', {
        page: 0,
        count: 1000,
        with_total: true,
        filters: { smart },
      });
      const all = await listOrderRows(plan.db, admin, 'purch', {
        page: 0,
        count: 1000,
        with_total: true,
        filters: { smart },
      });
      // Role 99 reads through the trigram index, the user through the consignee scan: both agree.
      expect(mine.rows.map((row) => row.id)).toEqual(
        all.rows.filter((row) => plan.userConsigneeIds.includes(row.consigneeId)).map((row) => row.id),
      );
      return mine.rows.map((row) => row.id);
    };
    const order = (await plan.db.execute(
      sql`select h.id, h.vendor_id, (select sku_id from purch_lines where head_id = h.id order by position limit 1) as sku_id
        from purch_heads h where h.consignee_id = ${plan.userConsigneeIds[0]} order by h.id limit 1`,
    )) as unknown as { rows: Array<{ id: number; vendor_id: number; sku_id: number }> };
    const { id, vendor_id: vendorId, sku_id: skuId } = order.rows[0]!;
    await plan.db.execute(sql`update skus set name = 'Zebrafruit nectar' where id = ${skuId}`);
    expect(await idsOf('zebrafruit')).toContain(id);
    await plan.db.execute(sql`update vendors set name = 'Quokkaville Foods' where id = ${vendorId}`);
    expect(await idsOf('quokkaville')).toContain(id);
    await plan.db.execute(sql`update purch_heads set truck_number = 'XY-4242' where id = ${id}`);
    expect(await idsOf('XY')).toEqual([id]);
    // The order's lines replaced (deleted, then inserted) by others without the renamed SKU.
    await plan.db.execute(sql`delete from purch_lines where head_id = ${id} and sku_id = ${skuId}`);
    expect(await idsOf('zebrafruit')).not.toContain(id);
    await plan.db.execute(
      sql`insert into purch_lines (head_id, position, sku_id) values (${id}, 9, ${skuId})`,
    );
    expect(await idsOf('zebrafruit')).toContain(id);
  });
});
