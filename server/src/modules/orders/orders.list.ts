import { type orders, TOTAL_CAP } from '@extranet/contract';
import { type AnyColumn, and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { companyCondition, consigneeIdsCondition, visibleConsigneeIds } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import { executeByShape, inlineValues, Placeholders, type StatementValues } from '../../db/prepared';
import { businessLines, consignees, orderCounts, salesHeads, shippedWithoutTracking } from '../../db/schema';
import {
  type CappedTotal,
  collectPage,
  idArray,
  ilikeAny,
  type ListQuery,
  orderingSql,
  pageWindow,
  searchTextContains,
} from '../../http/lists';
import type { Actor } from '../../http/session';
import { TABLES } from './orders.tables';

type OrderKind = orders.OrderKind;

// ---------------------------------------------------------------- lists

export interface OrderFilters {
  consigneeId?: number;
  partyId?: number;
  smart?: string;
  creationDateFrom?: string;
  creationDateTo?: string;
  isTemplate?: boolean;
  progress?: orders.OrderProgress;
  /** Sales orders only (schema.ts shippedWithoutTracking). */
  shippedWithoutTracking?: boolean;
  /** A selection of the list (at most MAX_PAGE_SIZE ids, contract IdList). */
  headIds?: readonly number[];
}

export interface OrderRowRecord {
  id: number;
  externalCode: string | null;
  warehouseCode: string | null;
  progress: string;
  statusCode: string | null;
  statusDesc: string | null;
  failureReason: string | null;
  failureCause: orders.FailureCause | null;
  consigneeId: number;
  consigneeName: string;
  businessLineId: number;
  businessLineName: string;
  creationDate: Date;
  deliveryDate: string | null;
  isReturn: boolean;
  isTemplate: boolean;
  partyId: number | null;
  partyCode: string | null;
  partyName: string | null;
  linesCount: number;
}

/** Consignees of the actor's companies (every one for role 99) whose name the text finds. */
async function searchConsignees(db: Executor, actor: Actor, text: string): Promise<number[]> {
  const rows = await db
    .select({ id: consignees.id })
    .from(consignees)
    .where(and(ilikeAny(text, consignees.name), companyCondition(actor, consignees.companyId)));
  return rows.map((row) => row.id);
}

/** Below this many characters a text has no trigram to look up (pg_trgm): see orderSearch. */
export const SEARCH_TRIGRAM_LENGTH = 3;

/**
 * A search within the actor's consignees (or the one the list is filtered by) reads their orders'
 * entries of the (consignee, …) INCLUDE (progress, search_text) index when they hold at most this
 * many orders: about what a trigram lookup of a common word costs across every company.
 */
export const SEARCH_SCOPE_SCAN_LIMIT = 30_000;

/**
 * What the free text finds of an order (its search_text, migrations 0028 and 0036: code, reference,
 * truck number, the warehouse's number, party name and code, SKU codes and names of its lines; or
 * its consignee's name), as two equivalent conditions: `indexed`, served by the heads' indexes
 * across every company, and `onText`, on the search text alone (for a scan of a user's
 * consignees). A text of at least SEARCH_TRIGRAM_LENGTH characters is looked for anywhere in it
 * (one trigram index). A shorter one (two letters of a plate's country, a code's first
 * characters) has no trigram: it matches the beginning of the order's code, reference or truck
 * number, through their prefix indexes (text_pattern_ops), and of their copies marked with \x01 in
 * the search text.
 */
function orderSearch(kind: OrderKind, text: string, consigneeIds: readonly number[]) {
  const t = TABLES[kind];
  const h = t.heads;
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (text.length < SEARCH_TRIGRAM_LENGTH) {
    const prefix = `${escaped}%`;
    const starts = (column: AnyColumn) => sql`lower(${column}) like lower(${prefix})`;
    const onText = sql`${h.searchText} like lower(${`%\u0001${prefix}`})`;
    const columns = [h.externalCode, t.reference, h.truckNumber];
    return {
      // The same test on the search text first: one LIKE a row where a plan reads many rows (a
      // common prefix counted to TOTAL_CAP), before three lower() calls on the rows that pass.
      indexed: sql`(${onText} and (${starts(h.externalCode)} or ${starts(t.reference)} or ${starts(h.truckNumber)}))`,
      onText,
      /**
       * The same matches as one condition a column, disjoint (each without the rows of the columns
       * before it): appended, each read down its own prefix index as far as a count needs, rather
       * than one bitmap of every match of every column built before the first row (a plate's
       * country names a fifth of all orders).
       */
      byColumn: columns.map((column, i) =>
        and(
          starts(column),
          ...columns.slice(0, i).map((before) => sql`not coalesce(${starts(before)}, false)`),
        ),
      ),
    };
  }
  const anywhere = searchTextContains(h.searchText, text);
  const named = consigneeIds.length ? sql` or ${inArray(h.consigneeId, [...consigneeIds])}` : sql``;
  return { indexed: sql`(${anywhere}${named})`, onText: sql`(${anywhere}${named})` };
}

/**
 * The condition and ordering of an order list: what the list shows and the export writes. The
 * actor's consignees and the consignees a search names by name are looked up first: a consignee
 * has many orders, and an id array computed inside the query would be guessed to select most of
 * them, so the plan would give up the indexes; as constants, the planner weighs them.
 * The free text is orderSearch's. Every condition is on the heads' own columns, so the heads alone
 * answer which orders match; `filtering` is every condition but the search.
 */
export async function orderListParts(
  db: Executor,
  actor: Actor,
  kind: OrderKind,
  query: { filters: OrderFilters; ordering?: orders.OrderOrdering | `-${orders.OrderOrdering}` },
  values: StatementValues = inlineValues,
) {
  const t = TABLES[kind];
  const h = t.heads;
  const f = query.filters;
  const scope = await visibleConsigneeIds(db, actor);
  const search = f.smart
    ? orderSearch(
        kind,
        f.smart,
        f.smart.length < SEARCH_TRIGRAM_LENGTH ? [] : await searchConsignees(db, actor, f.smart),
      )
    : undefined;
  const live = isNull(h.excludedAt);
  const v = values;
  const filtering = and(
    consigneeIdsCondition(h.consigneeId, scope, v),
    f.consigneeId === undefined ? undefined : eq(h.consigneeId, v.value('consigneeId', f.consigneeId)),
    f.partyId === undefined ? undefined : eq(t.partyId, v.value('partyId', f.partyId)),
    f.isTemplate === undefined ? undefined : eq(h.isTemplate, v.value('isTemplate', f.isTemplate)),
    f.progress === undefined ? undefined : eq(h.progress, v.value('progress', f.progress)),
    f.headIds === undefined ? undefined : v.among(h.id, 'headIds', f.headIds),
    f.shippedWithoutTracking && kind === 'sales' ? shippedWithoutTracking(salesHeads) : undefined,
    f.creationDateFrom === undefined
      ? undefined
      : sql`${h.creationDate} >= ${v.value('creationDateFrom', f.creationDateFrom)}::date`,
    f.creationDateTo === undefined
      ? undefined
      : sql`${h.creationDate} < ${v.value('creationDateTo', f.creationDateTo)}::date + 1`,
  );
  const narrowing = and(filtering, search?.indexed);
  const orderBy = orderingSql(query.ordering, { status: h.progress, creation_date: h.creationDate }, h.id, [
    desc(h.creationDate),
    desc(h.id),
  ]);
  return { where: and(live, narrowing), narrowing, filtering, search, orderBy, scope };
}

/**
 * The consignees whose orders a search reads one by one (orderSearch's `onText`): the actor's, or
 * the one the list is filtered by, when they hold at most SEARCH_SCOPE_SCAN_LIMIT live orders
 * (order_counts); undefined when they are more (role 99, a user of many companies): the search
 * then starts from its indexes across every company.
 */
async function consigneesToScan(
  db: Executor,
  kind: OrderKind,
  filters: OrderFilters,
  scope: number[] | undefined,
): Promise<number[] | undefined> {
  const ids =
    filters.consigneeId === undefined
      ? scope
      : scope === undefined || scope.includes(filters.consigneeId)
        ? [filters.consigneeId]
        : [];
  if (ids === undefined || ids.length === 0) return ids;
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${orderCounts.count}), 0)::int` })
    .from(orderCounts)
    .where(and(eq(orderCounts.kind, kind), inArray(orderCounts.consigneeId, ids)));
  return Number(row?.value ?? 0) <= SEARCH_SCOPE_SCAN_LIMIT ? ids : undefined;
}

/** `next_cursor` of a page: its ordering and the id of its last order (see Cursor). */
function cursorOf(ordering: string | undefined, id: number) {
  return `${ordering ?? 'default'}.${id}`;
}

/**
 * Rows after the cursor's order in the list's ordering, compared on the same columns as the
 * ordering's index: (creation date, id) or (progress, id). Undefined when the cursor's order is
 * not one the actor sees or was made for another ordering: the page is then read by its number.
 */
async function afterCursor(
  db: Executor,
  kind: OrderKind,
  query: { cursor?: string; ordering?: orders.OrderOrdering | `-${orders.OrderOrdering}` },
  scope: number[] | undefined,
  values: StatementValues,
): Promise<SQL | undefined> {
  if (!query.cursor) return undefined;
  const [ordering, id] = query.cursor.split('.');
  if (ordering !== (query.ordering ?? 'default')) return undefined;
  const h = TABLES[kind].heads;
  const [row] = await db
    .select({ creationDate: sql<string>`${h.creationDate}::text`, progress: h.progress })
    .from(h)
    .where(and(eq(h.id, Number(id)), isNull(h.excludedAt), consigneeIdsCondition(h.consigneeId, scope)));
  if (!row) return undefined;
  const descending = !query.ordering || query.ordering.startsWith('-');
  const compare = descending ? sql`<` : sql`>`;
  const afterId = values.value('afterId', Number(id));
  return query.ordering === 'status' || query.ordering === '-status'
    ? sql`(${h.progress}, ${h.id}) ${compare} (${values.value('afterProgress', row.progress)}, ${afterId})`
    : sql`(${h.creationDate}, ${h.id}) ${compare} (${values.value('afterDate', row.creationDate)}::timestamptz, ${afterId})`;
}

/**
 * The total of an order list, as one scalar expression (a column of the page's statement, or a
 * statement of its own). Filtered only by consignee, template flag and progress (the lists'
 * defaults and the dashboard's slices), it adds up the order_counts rows of the actor's
 * consignees, exactly, at the cost of a few rows; otherwise the matching heads are counted up to
 * TOTAL_CAP + 1 (the caller caps it), through the covering index on (consignee, template,
 * progress) when the actor sees a few consignees.
 */
function orderTotal(
  kind: OrderKind,
  filters: OrderFilters,
  parts: { where: SQL | undefined; scope: number[] | undefined },
  values: StatementValues,
): { value: SQL; exact: boolean } {
  const v = values;
  const h = TABLES[kind].heads;
  const f = filters;
  if (
    !f.smart &&
    f.partyId === undefined &&
    !f.creationDateFrom &&
    !f.creationDateTo &&
    !f.shippedWithoutTracking
  ) {
    const where = and(
      eq(orderCounts.kind, kind),
      consigneeIdsCondition(orderCounts.consigneeId, parts.scope, v),
      f.consigneeId === undefined
        ? undefined
        : eq(orderCounts.consigneeId, v.value('consigneeId', f.consigneeId)),
      f.isTemplate === undefined
        ? undefined
        : eq(orderCounts.isTemplate, v.value('isTemplate', f.isTemplate)),
      f.progress === undefined ? undefined : eq(orderCounts.progress, v.value('progress', f.progress)),
    );
    return {
      value: sql`(select coalesce(sum(${orderCounts.count}), 0)::int from ${orderCounts} where ${where})`,
      exact: true,
    };
  }
  return {
    value: sql`(select count(*)::int from (select 1 from ${h} where ${parts.where ?? sql`true`} limit ${TOTAL_CAP + 1}) capped)`,
    exact: false,
  };
}

/**
 * What the text of a list's statement depends on beside the names of its values (the filters and
 * the cursor it was given): the key it is prepared under (db/prepared.ts).
 */
function listShape(
  kind: OrderKind,
  query: { filters: OrderFilters; ordering?: string },
  counting: { exact: boolean } | undefined,
  placeholders: Placeholders,
) {
  const untracked = query.filters.shippedWithoutTracking && kind === 'sales';
  const total = counting ? (counting.exact ? 'exact' : 'capped') : 'none';
  return ['orders', kind, query.ordering ?? 'default', untracked ? 'untracked' : '', total]
    .concat(Object.keys(placeholders.values))
    .join(' ');
}

const cappedTotal = (value: number): CappedTotal =>
  value > TOTAL_CAP ? { value: TOTAL_CAP, capped: true } : { value, capped: false };

/**
 * One page of orders, read in two steps: the ids of the page, from the heads alone (an
 * index-only walk of the ordering's covering index, however deep the page), then those orders
 * with their consignee and party. A search first collects and counts its matches through the
 * trigram indexes (collectPage) and, when they are few, pages through them in memory. A
 * cursor (the previous page's next_cursor) starts the page after that order instead of skipping
 * rows. Orderings: (creation_date, id) and (progress, id) indexes; filters: (consignee, template,
 * creation date), (party, creation date), (consignee, progress).
 */
export async function listOrderRows(
  db: Executor,
  actor: Actor,
  kind: OrderKind,
  query: ListQuery<orders.OrderOrdering> & { filters: OrderFilters; cursor?: string },
) {
  const t = TABLES[kind];
  const h = t.heads;
  // A list without a search is one statement, prepared once per shape (db/prepared.ts); a search's
  // statements are built for their text each time.
  const placeholders = query.filters.smart ? undefined : new Placeholders();
  const values = placeholders ?? inlineValues;
  const parts = await orderListParts(db, actor, kind, query, values);
  const window = pageWindow(query);
  let total: CappedTotal | undefined;
  const after = await afterCursor(db, kind, query, parts.scope, values);
  const pageOf = (among: SQL | undefined) =>
    db
      .select({ id: h.id })
      .from(h)
      .where(and(among, after))
      .orderBy(...parts.orderBy)
      .limit(values.value('limit', window.limit))
      .offset(values.value('offset', after ? 0 : window.offset));
  // One page of a search's matches, ordered among them alone: `found` carries each match's id,
  // creation date and progress, all the orderings and the cursor read.
  const pageOfFound = sql`select ${h.id} from found ${h} where ${after ?? sql`true`}
    order by ${sql.join(parts.orderBy, sql`, `)}
    limit ${window.limit} offset ${after ? 0 : window.offset}`;
  let pageIds: number[] | undefined;
  const scanned = parts.search ? await consigneesToScan(db, kind, query.filters, parts.scope) : undefined;
  if (parts.search && scanned) {
    // A user's orders are a small set: their entries of the consignee index are read (index-only,
    // with their progress and search text) and the text is checked on each, whatever the word;
    // OFFSET 0 keeps the search out of that scan, so no plan starts from the word's matches across
    // every company. The matches are counted and one page of them ordered, in one statement.
    const entries = db
      .select({
        id: h.id,
        creationDate: h.creationDate,
        progress: h.progress,
        consigneeId: h.consigneeId,
        searchText: h.searchText,
      })
      .from(h)
      .where(and(isNull(h.excludedAt), consigneeIdsCondition(h.consigneeId, scanned), parts.filtering))
      .getSQL();
    const result = (await db.execute(
      sql`with found as (select ${h.id}, ${h.creationDate}, ${h.progress}
          from (${entries} offset 0) ${h} where ${parts.search.onText})
        select (select count(*)::int from found) as found, array(${pageOfFound}) as ids`,
    )) as unknown as { rows: Array<{ found: number; ids: number[] | string }> };
    const row = result.rows[0]!;
    total = cappedTotal(Number(row.found));
    pageIds = idArray(row.ids);
  } else if (parts.search) {
    // Whether an order is live is checked on the matches, outside their scan (OFFSET 0 keeps it
    // out): the partial indexes of live orders would otherwise offer a walk of every live order
    // as a way to the few the trigram indexes name.
    // The matches carry the ordering's columns from the rows their scan reads anyway: every page of
    // up to TOTAL_CAP matches is ordered among them alone, in the statement that counts them (a
    // second statement would read every match again, or walk the ordering's index to a rare one).
    // Within a date range, listed by date, the matches are taken in the list's order: the range's
    // walk of the creation-date index stops at the count's cap, where a common word's trigram
    // bitmap would be built whole (a product word in 90 days: 409,000 entries, 59 → 28 ms at a
    // million orders). Without a range such a walk can cross every order, which a scan in the
    // table's own order does more cheaply; by status, the status index is not the range's.
    const rangeWalk =
      query.ordering !== 'status' &&
      query.ordering !== '-status' &&
      (query.filters.creationDateFrom !== undefined || query.filters.creationDateTo !== undefined);
    const matchingWhere = (where: SQL | undefined) =>
      db
        .select({ id: h.id, creationDate: h.creationDate, progress: h.progress, excludedAt: h.excludedAt })
        .from(h)
        .where(where)
        .getSQL();
    const matching = parts.search.byColumn
      ? sql.join(
          parts.search.byColumn.map((column) => matchingWhere(and(parts.filtering, column))),
          sql` union all `,
        )
      : rangeWalk
        ? sql`${matchingWhere(parts.narrowing)} order by ${sql.join(parts.orderBy, sql`, `)}`
        : matchingWhere(parts.narrowing);
    const collected = await collectPage(
      db,
      sql`select id, creation_date, progress from (${matching} offset 0) matching where excluded_at is null`,
      pageOfFound,
      TOTAL_CAP,
      { pageAmong: TOTAL_CAP },
    );
    total = collected.total;
    pageIds = collected.ids;
  }
  // Without a search, the page's ids, its orders and the total are one statement: the ids as a
  // subquery (the index-only walk above), the total as a column computed once (an InitPlan).
  const counting =
    query.with_total && total === undefined ? orderTotal(kind, query.filters, parts, values) : undefined;
  const page = db
    .select({
      id: h.id,
      externalCode: h.externalCode,
      warehouseCode: h.warehouseCode,
      progress: h.progress,
      statusCode: h.statusCode,
      statusDesc: h.statusDesc,
      failureReason: h.failureReason,
      failureCause: h.failureCause,
      consigneeId: h.consigneeId,
      consigneeName: consignees.name,
      businessLineId: businessLines.id,
      businessLineName: businessLines.name,
      creationDate: h.creationDate,
      deliveryDate: h.deliveryDate,
      isReturn: h.isReturn,
      isTemplate: h.isTemplate,
      partyId: t.partyId,
      partyCode: t.party.externalCode,
      partyName: t.party.name,
      linesCount: h.linesCount,
      total: counting ? counting.value.mapWith(Number) : sql<number>`0`,
    })
    .from(h)
    .innerJoin(consignees, eq(consignees.id, h.consigneeId))
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .leftJoin(t.party, eq(t.party.id, t.partyId))
    .where(pageIds ? inArray(h.id, pageIds) : sql`${h.id} in (${pageOf(parts.where).getSQL()})`)
    .orderBy(...parts.orderBy);
  const selected =
    pageIds?.length === 0
      ? []
      : placeholders
        ? await executeByShape(db, listShape(kind, query, counting, placeholders), page, placeholders.values)
        : await page;
  if (counting) {
    // An empty page has no row to carry the total: it is counted alone.
    const [alone] = selected.length
      ? []
      : await db
          .select({ value: counting.value.mapWith(Number) })
          .from(sql`(values (1)) one`)
          .execute(placeholders?.values);
    const value = selected[0]?.total ?? alone?.value ?? 0;
    total = counting.exact ? { value, capped: false } : cappedTotal(value);
  }
  const rows: OrderRowRecord[] = selected;
  const last = rows[Math.min(rows.length, query.count) - 1];
  const nextCursor = last ? cursorOf(query.ordering, last.id) : undefined;
  return { rows, total: query.with_total ? total : undefined, nextCursor };
}

/**
 * Orders counted per progress, templates aside, for the dashboard: the order_counts rows of the
 * actor's consignees, a few rows whatever the number of orders.
 */
export async function countOrdersByProgress(db: Executor, actor: Actor, kind: OrderKind) {
  const scope = await visibleConsigneeIds(db, actor);
  const rows = await db
    .select({ progress: orderCounts.progress, count: sql<number>`sum(${orderCounts.count})::int` })
    .from(orderCounts)
    .where(
      and(
        eq(orderCounts.kind, kind),
        eq(orderCounts.isTemplate, false),
        consigneeIdsCondition(orderCounts.consigneeId, scope),
      ),
    )
    .groupBy(orderCounts.progress);
  return rows.map((row) => ({ progress: row.progress, count: Number(row.count) }));
}
