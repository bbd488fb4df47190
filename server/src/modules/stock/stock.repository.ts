import { type Language, type stock, TOTAL_CAP, wms } from '@extranet/contract';
import { and, asc, countDistinct, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { consigneeCondition, consigneeIdsCondition, visibleConsigneeIds } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import { businessLines, consignees, locations, skus, stockRows, uoms } from '../../db/schema';
import { aliased as as, dateText, statusValue } from '../../http/export';
import {
  type CappedTotal,
  collectPage,
  countCapped,
  ilikeAny,
  noRows,
  pageWindow,
  SEARCH_COLLECT_LIMIT,
  searchTextContains,
  totalOf,
} from '../../http/lists';
import type { Actor } from '../../http/session';
import { uomName } from '../catalogs/catalogs.repository';

function stockConditions(actor: Actor, filters: stock.ListStocksRequest['filters']): SQL | undefined {
  return and(
    consigneeCondition(actor, stockRows.consigneeId),
    filters.consignee_id === undefined ? undefined : eq(stockRows.consigneeId, filters.consignee_id),
    filters.sku_id === undefined ? undefined : eq(stockRows.skuId, filters.sku_id),
    filters.smart ? stockSearch(filters.smart) : undefined,
  );
}

/** The free text on a stock row: its batch or SSCC, or its SKU's code, external code or name. */
function stockSearch(text: string): SQL | undefined {
  return or(
    ilikeAny(text, stockRows.batch, stockRows.sscc),
    sql`${stockRows.skuId} = any(array(select ${skus.id} from ${skus} where ${searchTextContains(skus.searchText, text)}))`,
  );
}

const STOCK_ORDER_COLUMNS = {
  sku_name: stockRows.skuName,
  status: stockRows.statusDesc,
  expiry_date: stockRows.expiryDate,
  mfg_date: stockRows.mfgDate,
} as const;

/**
 * Rows without a status or a date come last in either direction; the row id breaks ties. A row
 * always has its SKU's name (`sku_name`, kept by triggers): a plain descending order on it is the
 * same and can walk its index backwards.
 */
function stockOrdering(ordering: stock.ListStocksRequest['ordering']): SQL[] {
  if (!ordering) return [asc(stockRows.skuName), asc(stockRows.id)];
  const descending = ordering.startsWith('-');
  const key = (descending ? ordering.slice(1) : ordering) as stock.StockOrdering;
  const column = STOCK_ORDER_COLUMNS[key];
  const direction = descending ? desc : asc;
  if (key === 'sku_name') return [direction(column), direction(stockRows.id)];
  return descending
    ? [sql`${column} desc nulls last`, desc(stockRows.id)]
    : [sql`${column} asc nulls last`, asc(stockRows.id)];
}

/** The list's filters but the search, on the actor's consignees looked up as constants. */
function stockScope(
  scope: number[] | undefined,
  filters: stock.ListStocksRequest['filters'],
): SQL | undefined {
  return and(
    consigneeIdsCondition(stockRows.consigneeId, scope),
    filters.consignee_id === undefined ? undefined : eq(stockRows.consigneeId, filters.consignee_id),
    filters.sku_id === undefined ? undefined : eq(stockRows.skuId, filters.sku_id),
  );
}

/** The search's SKUs, a common table expression of its statement (stockBranches). */
const NAMED_SKUS = 'named_skus';

/**
 * The two branches of a search, each served by its own indexes: rows of the SKUs the text finds by
 * code or name (SKUs through their trigram indexes, their rows through the (SKU, batch, expiry)
 * index), and rows whose batch or SSCC it finds (their trigram indexes).
 */
function stockBranches(
  db: Executor,
  scope: number[] | undefined,
  filters: stock.ListStocksRequest['filters'],
  text: string,
) {
  const base = stockScope(scope, filters);
  const skuCondition = and(
    searchTextContains(skus.searchText, text),
    consigneeIdsCondition(skus.consigneeId, scope),
  );
  // Matched once in the search's one statement, read by its branches, its count and its page's
  // candidates (a third of all SKUs for a product word: their names' recheck was most of the call).
  const namedCte = sql`${sql.identifier(NAMED_SKUS)} as materialized (${db
    .select({ id: skus.id, name: skus.name })
    .from(skus)
    .where(skuCondition)})`;
  const namedSkus = sql`select id, name from ${sql.identifier(NAMED_SKUS)}`;
  const bySkuId = sql`${stockRows.skuId} = any(array(select id from ${sql.identifier(NAMED_SKUS)}))`;
  return {
    base,
    skuCondition,
    namedCte,
    namedSkus,
    bySkuId,
    bySku: and(base, bySkuId),
    byText: and(base, ilikeAny(text, stockRows.batch, stockRows.sscc)),
  };
}

type Branches = ReturnType<typeof stockBranches>;

/**
 * The rows a search finds: its branches, made disjoint (the batch and SSCC branch without the rows
 * of the SKUs the text names), appended rather than united, so that collecting the first
 * SEARCH_COLLECT_LIMIT + 1 of them stops there instead of reading and deduplicating every match.
 */
function stockMatches(db: Executor, branches: Branches) {
  const byText = db
    .select({ id: stockRows.id })
    .from(stockRows)
    .where(and(branches.byText, sql`not (${branches.bySkuId})`));
  return sql`(${skuRows(branches, sql`${stockRows.id} as id`)}) union all (${byText})`;
}

/**
 * The rows of the SKUs the text names, SKU by SKU through the (SKU, …) index (a nested loop, so
 * that a LIMIT above stops it), rather than one bitmap of every row of every named SKU.
 */
function skuRows(branches: Branches, columns: SQL) {
  // OFFSET 0 keeps the SKU's rows a subquery of their own: the planner cannot turn the loop into a
  // hash join that reads the table from its start.
  return sql`select r.id from (${branches.namedSkus}) k cross join lateral (select ${columns} from ${stockRows}
    where ${stockRows.skuId} = k.id and ${branches.base ?? sql`true`} offset 0) r`;
}

/**
 * The ids that can make up a page of a search with many matches: each branch's first rows in the
 * list's ordering, as many as the page reaches. The SKU branch is driven from the SKUs the text
 * names (in name order for the default ordering), so it stops after the page's rows.
 */
function stockPageCandidates(
  db: Executor,
  branches: Branches,
  ordering: stock.ListStocksRequest['ordering'],
  reach: number,
): SQL {
  const branch = (where: SQL | undefined) =>
    db
      .select({ id: stockRows.id })
      .from(stockRows)
      .innerJoin(skus, eq(skus.id, stockRows.skuId))
      .where(where)
      .orderBy(...stockOrdering(ordering))
      .limit(reach)
      .getSQL();
  let bySku = branch(branches.bySku);
  if (!ordering || ordering === 'sku_name' || ordering === '-sku_name') {
    // The SKUs in name order, each with its rows: the walk stops once the page is full.
    const direction = ordering === '-sku_name' ? sql`desc` : sql`asc`;
    const walk = (named: SQL) => sql`select r.id from (${named}) k
      cross join lateral (select ${stockRows.id} as id from ${stockRows}
        where ${stockRows.skuId} = k.id and ${branches.base ?? sql`true`}) r
      order by k.name ${direction}, r.id ${direction} limit ${reach}`;
    // The first SKUs by name, as many as the page has rows (and those named alike), read down the
    // name index from the first name the text names (a product type that starts its SKUs' names,
    // "Water …", is found far down the index): enough when each has a row of the actor's. Else
    // every SKU the text names, sorted (a sort of a fifth of all SKUs for a product word).
    const [from, edge] = ordering === '-sku_name' ? [sql`<=`, sql`max`] : [sql`>=`, sql`min`];
    const first = walk(
      sql`select ${skus.id} as id, ${skus.name} as name from ${skus}
        where ${branches.skuCondition}
          and ${skus.name} ${from} (select ${edge}(name) from ${sql.identifier(NAMED_SKUS)})
        order by ${skus.name} ${direction} fetch first ${reach} rows with ties`,
    );
    const every = walk(sql`${branches.namedSkus} order by name ${direction} offset 0`);
    // OFFSET 0: the first walk's ids computed once, not once a mention.
    bySku = sql`select unnest(case when cardinality(f.ids) >= ${reach} then f.ids else array(${every}) end) as id
      from (select array(${first}) as ids offset 0) f`;
  }
  return sql`select id from ((${bySku}) union (${branch(branches.byText)})) candidates`;
}

/**
 * Stock rows as the stock list shows them (contract `StockRow`, units in `lang`), with their
 * consignee, business line, SKU, unit and location: the one join of a stock row, for the list and
 * for the warehouse's stock.changed events.
 */
export function selectStockRows(db: Executor, lang: Language) {
  return db
    .select({
      stock_id: stockRows.id,
      business_line: { business_line_id: businessLines.id, name: businessLines.name },
      consignee: { consignee_id: consignees.id, name: consignees.name },
      sku: { sku_id: skus.id, name: skus.name, external_code: skus.externalCode },
      status: { code: stockRows.statusCode, desc: stockRows.statusDesc },
      qty: stockRows.qty,
      uom: { uom_id: uoms.id, name: uomName(lang) },
      expiry_date: stockRows.expiryDate,
      batch: stockRows.batch,
      mfg_date: stockRows.mfgDate,
      warehouse: { location_id: locations.id, name: locations.label },
      sscc: stockRows.sscc,
      size: stockRows.size,
    })
    .from(stockRows)
    .innerJoin(consignees, eq(consignees.id, stockRows.consigneeId))
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .innerJoin(skus, eq(skus.id, stockRows.skuId))
    .innerJoin(uoms, eq(uoms.id, stockRows.uomId))
    .innerJoin(locations, eq(locations.id, stockRows.locationId));
}

/**
 * A page of stock rows and, when asked, their total. A search collects and counts its rows
 * (stockMatches, collectPage) and, when they are few, orders those alone; otherwise its page comes
 * from each branch's first rows (stockPageCandidates), in the same statement. Without a search the
 * page walks the ordering's index and the total is counted up to TOTAL_CAP.
 */
export async function listStocks(db: Executor, actor: Actor, query: stock.ListStocksRequest, lang: Language) {
  const scope = await visibleConsigneeIds(db, actor);
  const { filters } = query;
  const window = pageWindow(query);
  let where: SQL | undefined;
  let total: CappedTotal | undefined;
  let offset = window.offset;
  if (filters.smart) {
    const page = db
      .select({ id: stockRows.id })
      .from(stockRows)
      .innerJoin(skus, eq(skus.id, stockRows.skuId))
      .where(sql`${stockRows.id} in (select id from found)`)
      .orderBy(...stockOrdering(query.ordering))
      .limit(window.limit)
      .offset(window.offset)
      .getSQL();
    const branches = stockBranches(db, scope, filters, filters.smart);
    // One statement: the SKUs the text names, matched once; the rows found, counted as far as the
    // total is asked (else as far as they are ordered in memory); and either the page's ids among
    // them, when they are few, or the ids that can make up the page.
    const collected = await collectPage(
      db,
      stockMatches(db, branches),
      page,
      query.with_total ? TOTAL_CAP : SEARCH_COLLECT_LIMIT,
      {
        ctes: branches.namedCte,
        candidates: stockPageCandidates(db, branches, query.ordering, window.offset + window.limit),
      },
    );
    total = collected.total;
    // Collected: the ids are the page. Too many to collect: the ids can make it up.
    if (collected.ids) offset = 0;
    const ids = collected.ids ?? collected.candidates ?? [];
    where = ids.length ? inArray(stockRows.id, ids) : sql`false`;
  }
  const scoped = stockScope(scope, filters);
  if (!where) {
    // The page's ids from the rows alone, down the ordering's own index (a deep page passes index
    // entries, not joined rows), then the page's rows joined.
    const pageIds = db
      .select({ id: stockRows.id })
      .from(stockRows)
      .where(scoped)
      .orderBy(...stockOrdering(query.ordering))
      .limit(window.limit)
      .offset(window.offset);
    where = sql`${stockRows.id} in (${pageIds})`;
    offset = 0;
  }
  const rows = await selectStockRows(db, lang)
    .where(where)
    .orderBy(...stockOrdering(query.ordering))
    .limit(window.limit)
    .offset(offset);
  if (query.with_total && total === undefined) {
    total = await countCapped(db, db.select({ one: sql`1` }).from(stockRows).where(scoped).getSQL());
  }
  return { rows, total: query.with_total ? total : undefined };
}

/** The rows the list shows, for the export (http/export.ts). */
export function stockExportQuery(
  db: Executor,
  actor: Actor,
  query: stock.ExportStocksRequest,
  lang: Language,
): SQL {
  return db
    .select({
      business_line: as(businessLines.name, 'business_line'),
      consignee: as(consignees.name, 'consignee'),
      sku_code: as(skus.externalCode, 'sku_code'),
      sku_name: as(skus.name, 'sku_name'),
      status: as(statusValue(stockRows.statusCode, stockRows.statusDesc, wms.KNOWN_STOCK_STATUSES), 'status'),
      qty: as(stockRows.qty, 'qty'),
      uom: as(uomName(lang), 'uom'),
      expiry_date: as(dateText(stockRows.expiryDate), 'expiry_date'),
      batch: as(stockRows.batch, 'batch'),
      mfg_date: as(dateText(stockRows.mfgDate), 'mfg_date'),
      location: as(locations.label, 'location'),
      sscc: as(stockRows.sscc, 'sscc'),
      size: as(stockRows.size, 'size'),
    })
    .from(stockRows)
    .innerJoin(consignees, eq(consignees.id, stockRows.consigneeId))
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .innerJoin(skus, eq(skus.id, stockRows.skuId))
    .innerJoin(uoms, eq(uoms.id, stockRows.uomId))
    .innerJoin(locations, eq(locations.id, stockRows.locationId))
    .where(stockConditions(actor, query.filters))
    .orderBy(...stockOrdering(query.ordering))
    .getSQL();
}

/** Rows in stock of one SKU the actor may see. */
function skuStockCondition(actor: Actor, skuId: number): SQL | undefined {
  return and(eq(stockRows.skuId, skuId), consigneeCondition(actor, stockRows.consigneeId));
}

export async function listBatches(db: Executor, actor: Actor, query: stock.ListBatchesRequest) {
  const { filters } = query;
  if (filters.sku_id === undefined) return noRows(query);
  const window = pageWindow(query);
  const where = and(
    skuStockCondition(actor, filters.sku_id),
    isNotNull(stockRows.batch),
    filters.expiry_date === undefined ? undefined : eq(stockRows.expiryDate, filters.expiry_date),
    filters.smart ? ilikeAny(filters.smart, stockRows.batch) : undefined,
  );
  const rows = await db
    .selectDistinct({ code: sql<string>`${stockRows.batch}` })
    .from(stockRows)
    .where(where)
    .orderBy(query.ordering === '-code' ? desc(stockRows.batch) : asc(stockRows.batch))
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () =>
    db
      .select({ value: countDistinct(stockRows.batch) })
      .from(stockRows)
      .where(where),
  );
  return { rows, total };
}

export async function listExpiryDates(db: Executor, actor: Actor, query: stock.ListExpiryDatesRequest) {
  const { filters } = query;
  if (filters.sku_id === undefined) return noRows(query);
  const window = pageWindow(query);
  const where = and(
    skuStockCondition(actor, filters.sku_id),
    isNotNull(stockRows.expiryDate),
    filters.batch === undefined ? undefined : eq(stockRows.batch, filters.batch),
    // The pickers show DD.MM.YYYY; ISO text matches too.
    filters.smart
      ? ilikeAny(
          filters.smart,
          sql`to_char(${stockRows.expiryDate}, 'DD.MM.YYYY')`,
          sql`to_char(${stockRows.expiryDate}, 'YYYY-MM-DD')`,
        )
      : undefined,
  );
  const rows = await db
    .selectDistinct({ expiry_date: sql<string>`${stockRows.expiryDate}` })
    .from(stockRows)
    .where(where)
    .orderBy(query.ordering === '-expiry_date' ? desc(stockRows.expiryDate) : asc(stockRows.expiryDate))
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () =>
    db
      .select({ value: countDistinct(stockRows.expiryDate) })
      .from(stockRows)
      .where(where),
  );
  return { rows, total };
}
