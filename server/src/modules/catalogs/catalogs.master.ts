import { catalogs } from '@extranet/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  addresses,
  businessLines,
  companies,
  consignees,
  currencies,
  customers,
  locations,
  skuEans,
  skus,
  uoms,
  vendors,
} from '../../db/schema';

/**
 * Master data: the catalogs as the warehouse system owns them, upserted by code. One
 * statement per catalog and chunk, whatever the number of records; a record that names something
 * unknown (a company, consignee, unit or currency) is refused and left out, the rest applied. The
 * caller decides what a refusal means: a warehouse event refuses as a whole, an upload applies
 * the rest.
 */

type Catalog = catalogs.MasterCatalog;
type Problem = catalogs.MasterOutcome['problems'][number];
type Outcome = catalogs.MasterOutcome['outcome'];

const CHUNK = 1000;

interface Planned<R> {
  index: number;
  key: string;
  record: R;
  problems: Problem[];
}

/**
 * Records with their keys; a key seen before in the same list is a duplicate (`sameKey` says when
 * two keys name one record: unit codes are one whatever their case).
 */
function plan<R>(
  records: readonly R[] | undefined,
  keyOf: (record: R) => string,
  field: string,
  sameKey: (key: string) => string = (key) => key,
): Planned<R>[] {
  const seen = new Set<string>();
  return (records ?? []).map((record, index) => {
    const key = keyOf(record);
    const problems: Problem[] = seen.has(sameKey(key)) ? [{ field, problem: 'duplicate', value: key }] : [];
    seen.add(sameKey(key));
    return { index, key, record, problems };
  });
}

/** Ids by code of the codes given, in one query. */
async function idsByCode(
  tx: Executor,
  table: PgTable,
  idColumn: PgColumn,
  codeColumn: PgColumn,
  codes: readonly string[],
): Promise<Map<string, number>> {
  const unique = [...new Set(codes)];
  const found = new Map<string, number>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = (await tx
      .select({ id: idColumn, code: codeColumn })
      .from(table)
      .where(inArray(codeColumn, unique.slice(i, i + CHUNK)))) as { id: number; code: string }[];
    for (const row of rows) found.set(row.code, row.id);
  }
  return found;
}

/** Resolves one reference of each record, noting a problem where it names nothing. */
function resolve<R>(
  planned: Planned<R>[],
  ids: Map<string, number>,
  codeOf: (record: R) => string | null | undefined,
  field: string,
  problem: catalogs.MasterProblem,
): Map<number, number | null> {
  const resolved = new Map<number, number | null>();
  for (const item of planned) {
    const code = codeOf(item.record);
    if (code === undefined || code === null) {
      resolved.set(item.index, null);
      continue;
    }
    const id = ids.get(code);
    if (id === undefined) item.problems.push({ field, problem, value: code });
    else resolved.set(item.index, id);
  }
  return resolved;
}

const casing = new CasingCache('snake_case');
/** `excluded.<column>` of an upsert: the value the conflicting row would have had. */
const excluded = (column: PgColumn) => sql`excluded.${sql.identifier(casing.getColumnCasing(column))}`;

/** The property name of a column in its table (drizzle's key, not the SQL name). */
function columnKey(column: PgColumn): string {
  const table = column.table as unknown as Record<string, unknown>;
  return Object.keys(table).find((key) => table[key] === column)!;
}

const keyOf = (target: PgColumn[], values: Record<string, unknown>) =>
  target.map((column) => String(values[columnKey(column)] ?? '')).join('\u0000');

/**
 * Inserts the rows, updating the `update` columns of those whose key exists; answers, per row
 * index, whether it was added or changed. A row whose stored values equal the new ones is not
 * written at all (and so is neither).
 */
async function upsert<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: { index: number; values: T['$inferInsert'] }[],
  target: PgColumn[],
  update: Record<string, PgColumn>,
): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  const columns = Object.entries(update);
  const returned = Object.fromEntries(target.map((column) => [columnKey(column), column]));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const written = (await tx
      .insert(table)
      .values(chunk.map((row) => row.values))
      .onConflictDoUpdate({
        target,
        set: Object.fromEntries(
          columns.map(([key, column]) => [key, excluded(column)]),
        ) as PgUpdateSetSource<T>,
        setWhere: or(...columns.map(([, column]) => sql`${column} is distinct from ${excluded(column)}`)),
      })
      // xmax is 0 on a row version this statement inserted; unchanged rows are not returned.
      .returning({ ...returned, inserted: sql<boolean>`(xmax = 0)` })) as Record<string, unknown>[];
    const byKey = new Map(chunk.map((row) => [keyOf(target, row.values), row.index]));
    for (const row of written) {
      const index = byKey.get(keyOf(target, row));
      if (index !== undefined) outcomes.set(index, row.inserted ? 'added' : 'changed');
    }
  }
  return outcomes;
}

class Outcomes {
  readonly list: catalogs.MasterOutcome[] = [];

  /** The one company the records may touch, when the caller names one. */
  constructor(readonly companyId?: number) {}

  add<R>(catalog: Catalog, planned: Planned<R>[], written: Map<number, Outcome>) {
    for (const item of planned) {
      this.list.push({
        catalog,
        index: item.index,
        key: item.key,
        outcome: item.problems.length ? 'refused' : (written.get(item.index) ?? 'unchanged'),
        problems: item.problems,
      });
    }
  }
}

const ok = <R>(planned: Planned<R>[]) => planned.filter((item) => item.problems.length === 0);
const activeOf = (record: { inactive?: boolean }) => record.inactive !== true;

/**
 * Applies the master data in the caller's transaction; answers every record's outcome. With
 * `companyId`, only that company is known: its consignees, and its code on a consignee record.
 */
export async function applyMasterData(
  tx: Executor,
  master: catalogs.MasterData,
  options: { companyId?: number } = {},
): Promise<catalogs.MasterOutcome[]> {
  const outcomes = new Outcomes(options.companyId);

  // A unit is named as units are read everywhere (contract unitMatcher): `PCS` is the stored
  // `pcs`, written under that code, not a second unit beside it.
  const uomPlan = plan(
    master.uoms,
    (r) => r.name,
    'name',
    (key) => key.trim().toLowerCase(),
  );
  const storedUnit = catalogs.unitMatcher(
    (await tx.select({ name: uoms.name }).from(uoms)).map((row) => [row.name, row.name] as const),
  );
  const unitName = (name: string) => storedUnit(name) ?? name;
  outcomes.add(
    'uoms',
    uomPlan,
    new Map([
      // A unit sent without `names` keeps the names it has (the reference units come named).
      ...(await upsert(
        tx,
        uoms,
        ok(uomPlan)
          .filter((item) => item.record.names !== undefined)
          .map((item) => ({
            index: item.index,
            values: {
              name: unitName(item.record.name),
              names: item.record.names,
              active: activeOf(item.record),
            },
          })),
        [uoms.name],
        { names: uoms.names, active: uoms.active },
      )),
      ...(await upsert(
        tx,
        uoms,
        ok(uomPlan)
          .filter((item) => item.record.names === undefined)
          .map((item) => ({
            index: item.index,
            values: { name: unitName(item.record.name), active: activeOf(item.record) },
          })),
        [uoms.name],
        { active: uoms.active },
      )),
    ]),
  );

  const currencyPlan = plan(master.currencies, (r) => r.code, 'code');
  outcomes.add(
    'currencies',
    currencyPlan,
    await upsert(
      tx,
      currencies,
      ok(currencyPlan).map((item) => ({
        index: item.index,
        values: { code: item.record.code, active: activeOf(item.record) },
      })),
      [currencies.code],
      { active: currencies.active },
    ),
  );

  const locationPlan = plan(master.locations, (r) => r.label, 'label');
  outcomes.add(
    'locations',
    locationPlan,
    await upsert(
      tx,
      locations,
      ok(locationPlan).map((item) => ({
        index: item.index,
        values: { label: item.record.label, active: activeOf(item.record) },
      })),
      [locations.label],
      { active: locations.active },
    ),
  );

  await applyConsignees(tx, master.consignees, outcomes);
  await applySkus(tx, master.skus, outcomes);
  await applyParties(tx, 'vendors', master.vendors, outcomes);
  await applyParties(tx, 'customers', master.customers, outcomes);
  return outcomes.list;
}

async function applyConsignees(tx: Executor, records: catalogs.MasterData['consignees'], outcomes: Outcomes) {
  const planned = plan(records, (r) => r.code, 'code');
  if (planned.length === 0) return;
  const companyIds = resolve(
    planned,
    onlyCompany(
      await idsByCode(
        tx,
        companies,
        companies.id,
        companies.code,
        planned.map((item) => item.record.company),
      ),
      outcomes.companyId,
    ),
    (r) => r.company,
    'company',
    'company_unknown',
  );
  const lines = [...new Set(ok(planned).map((item) => item.record.business_line))];
  if (lines.length) {
    await tx
      .insert(businessLines)
      .values(lines.map((name) => ({ name })))
      .onConflictDoNothing();
  }
  const lineIds = await idsByCode(tx, businessLines, businessLines.id, businessLines.name, lines);
  const written = await upsert(
    tx,
    consignees,
    ok(planned).map((item) => ({
      index: item.index,
      values: {
        code: item.record.code,
        name: item.record.name,
        companyId: companyIds.get(item.index)!,
        businessLineId: lineIds.get(item.record.business_line)!,
        active: activeOf(item.record),
      },
    })),
    [consignees.code],
    {
      name: consignees.name,
      companyId: consignees.companyId,
      businessLineId: consignees.businessLineId,
      active: consignees.active,
    },
  );
  outcomes.add('consignees', planned, written);
}

/** Codes mapped to ids, keeping only those of one company when one is given. */
function onlyCompany(ids: Map<string, number>, companyId: number | undefined) {
  if (companyId === undefined) return ids;
  return new Map([...ids].filter(([, id]) => id === companyId));
}

/** Consignee ids by code; with a company, only its consignees. */
async function consigneeIdsOf(tx: Executor, codes: string[], companyId: number | undefined) {
  const unique = [...new Set(codes)];
  const found = new Map<string, number>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await tx
      .select({ id: consignees.id, code: consignees.code })
      .from(consignees)
      .where(
        and(
          inArray(consignees.code, unique.slice(i, i + CHUNK)),
          companyId === undefined ? undefined : eq(consignees.companyId, companyId),
        ),
      );
    for (const row of rows) found.set(row.code, row.id);
  }
  return found;
}

async function applySkus(tx: Executor, records: catalogs.MasterData['skus'], outcomes: Outcomes) {
  const planned = plan(records, (r) => `${r.consignee}/${r.code}`, 'code');
  if (planned.length === 0) return;
  const consigneeIds = resolve(
    planned,
    await consigneeIdsOf(
      tx,
      planned.map((item) => item.record.consignee),
      outcomes.companyId,
    ),
    (r) => r.consignee,
    'consignee',
    'consignee_unknown',
  );
  // Unit codes are read by the rule every file import uses (contract unitMatcher): "PCS" is "pcs".
  const unitOf = catalogs.unitMatcher(
    (await tx.select({ id: uoms.id, code: uoms.name }).from(uoms)).map((row) => [row.code, row.id] as const),
  );
  const uomIds = resolve(
    planned,
    new Map(
      planned.flatMap((item) => {
        const id = item.record.uom ? unitOf(item.record.uom) : undefined;
        return id === undefined ? [] : [[item.record.uom!, id] as const];
      }),
    ),
    (r) => r.uom,
    'uom',
    'uom_unknown',
  );
  const valid = ok(planned);
  const values = (item: (typeof valid)[number]) => ({
    consigneeId: consigneeIds.get(item.index)!,
    code: item.record.code,
    externalCode: item.record.code,
    name: item.record.name,
    uomId: uomIds.get(item.index) ?? null,
    active: activeOf(item.record),
  });
  const common = { name: skus.name, active: skus.active };
  // A record without `uom` keeps the stored unit: two statements, one that writes it, one not.
  const written = new Map([
    ...(await upsert(
      tx,
      skus,
      valid
        .filter((item) => item.record.uom !== undefined)
        .map((item) => ({ index: item.index, values: values(item) })),
      [skus.consigneeId, skus.externalCode],
      { ...common, uomId: skus.uomId },
    )),
    ...(await upsert(
      tx,
      skus,
      valid
        .filter((item) => item.record.uom === undefined)
        .map((item) => ({ index: item.index, values: values(item) })),
      [skus.consigneeId, skus.externalCode],
      common,
    )),
  ]);

  const withEans = valid.filter((item) => item.record.eans !== undefined);
  if (withEans.length) {
    const skuIds = await skuIdsOf(
      tx,
      withEans.map((item) => ({ consigneeId: consigneeIds.get(item.index)!, code: item.record.code })),
    );
    const stored = new Map<number, string[]>();
    for (let i = 0; i < skuIds.length; i += CHUNK) {
      const rows = await tx
        .select({ skuId: skuEans.skuId, ean: skuEans.eanText })
        .from(skuEans)
        .where(inArray(skuEans.skuId, skuIds.slice(i, i + CHUNK)));
      for (const row of rows) stored.set(row.skuId, [...(stored.get(row.skuId) ?? []), row.ean]);
    }
    const replaced: { index: number; skuId: number; eans: string[] }[] = [];
    withEans.forEach((item, i) => {
      const skuId = skuIds[i]!;
      const eans = [...new Set(item.record.eans)].sort();
      if (eans.join() !== [...(stored.get(skuId) ?? [])].sort().join())
        replaced.push({ index: item.index, skuId, eans });
    });
    for (let i = 0; i < replaced.length; i += CHUNK) {
      const chunk = replaced.slice(i, i + CHUNK);
      await tx.delete(skuEans).where(
        inArray(
          skuEans.skuId,
          chunk.map((item) => item.skuId),
        ),
      );
      const rows = chunk.flatMap((item) =>
        item.eans.map((ean) => ({ skuId: item.skuId, eanText: ean, eanTypeCode: eanType(ean) })),
      );
      if (rows.length) await tx.insert(skuEans).values(rows);
    }
    for (const item of replaced) if (!written.has(item.index)) written.set(item.index, 'changed');
  }
  outcomes.add('skus', planned, written);
}

function eanType(ean: string): string {
  if (ean.length === 8) return 'EAN8';
  if (ean.length === 12) return 'UPC';
  if (ean.length === 14) return 'GTIN14';
  return 'EAN13';
}

/** Ids of records keyed by consignee and code, in the order asked. */
async function skuIdsOf(tx: Executor, keys: { consigneeId: number; code: string }[]): Promise<number[]> {
  return partyIdsOf(tx, skus, keys);
}

async function partyIdsOf(
  tx: Executor,
  table: typeof skus | typeof vendors | typeof customers,
  keys: { consigneeId: number; code: string }[],
): Promise<number[]> {
  const found = new Map<string, number>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const rows = await tx
      .select({ id: table.id, consigneeId: table.consigneeId, code: table.externalCode })
      .from(table)
      .where(
        and(
          inArray(table.consigneeId, [...new Set(chunk.map((key) => key.consigneeId))]),
          inArray(table.externalCode, [...new Set(chunk.map((key) => key.code))]),
        ),
      );
    for (const row of rows) found.set(`${row.consigneeId}/${row.code}`, row.id);
  }
  return keys.map((key) => found.get(`${key.consigneeId}/${key.code}`)!);
}

async function applyParties(
  tx: Executor,
  catalog: 'vendors' | 'customers',
  records: catalogs.MasterData['vendors'],
  outcomes: Outcomes,
) {
  const table = catalog === 'vendors' ? vendors : customers;
  const owner = catalog === 'vendors' ? addresses.vendorId : addresses.customerId;
  const planned = plan(records, (r) => `${r.consignee}/${r.code}`, 'code');
  if (planned.length === 0) return;
  const consigneeIds = resolve(
    planned,
    await consigneeIdsOf(
      tx,
      planned.map((item) => item.record.consignee),
      outcomes.companyId,
    ),
    (r) => r.consignee,
    'consignee',
    'consignee_unknown',
  );
  const currencyIds = resolve(
    planned,
    await idsByCode(
      tx,
      currencies,
      currencies.id,
      currencies.code,
      planned.flatMap((item) => (item.record.default_currency ? [item.record.default_currency] : [])),
    ),
    (r) => r.default_currency,
    'default_currency',
    'currency_unknown',
  );
  for (const item of planned) {
    const codes = new Set<string>();
    for (const address of item.record.addresses ?? []) {
      if (codes.has(address.code))
        item.problems.push({ field: 'addresses', problem: 'duplicate', value: address.code });
      codes.add(address.code);
    }
  }
  const valid = ok(planned);
  const values = (item: (typeof valid)[number]) => ({
    consigneeId: consigneeIds.get(item.index)!,
    externalCode: item.record.code,
    name: item.record.name,
    defaultCurrencyId: currencyIds.get(item.index) ?? null,
    active: activeOf(item.record),
  });
  const target = [table.consigneeId, table.externalCode];
  const common = { name: table.name, active: table.active };
  const hasCurrency = (item: (typeof valid)[number]) => item.record.default_currency !== undefined;
  const written = new Map([
    ...(await upsert(
      tx,
      table,
      valid.filter(hasCurrency).map((item) => ({ index: item.index, values: values(item) })),
      target,
      { ...common, defaultCurrencyId: table.defaultCurrencyId },
    )),
    ...(await upsert(
      tx,
      table,
      valid.filter((item) => !hasCurrency(item)).map((item) => ({ index: item.index, values: values(item) })),
      target,
      common,
    )),
  ]);

  const withAddresses = valid.filter((item) => item.record.addresses?.length);
  if (withAddresses.length) {
    const partyIds = await partyIdsOf(
      tx,
      table,
      withAddresses.map((item) => ({ consigneeId: consigneeIds.get(item.index)!, code: item.record.code })),
    );
    const rows = withAddresses.flatMap((item, i) =>
      item.record.addresses!.map((address) => ({
        index: item.index,
        values: {
          vendorId: catalog === 'vendors' ? partyIds[i]! : null,
          customerId: catalog === 'customers' ? partyIds[i]! : null,
          code: address.code,
          name: address.name,
          active: activeOf(address),
        },
      })),
    );
    // Several addresses share their party's index: any of them written marks the party changed.
    const byAddress = rows.map((row, position) => ({ index: position, values: row.values }));
    const changedAddresses = await upsert(tx, addresses, byAddress, [owner, addresses.code], {
      name: addresses.name,
      active: addresses.active,
    });
    for (const position of changedAddresses.keys()) {
      const index = rows[position]!.index;
      if (!written.has(index)) written.set(index, 'changed');
    }
  }
  outcomes.add(catalog, planned, written);
}
