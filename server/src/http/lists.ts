import { TOTAL_CAP } from '@extranet/contract';
import { type AnyColumn, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';

export interface ListQuery<O extends string = string> {
  page: number;
  count: number;
  ordering?: O | `-${O}`;
  with_total: boolean;
}

/** Fetches one row more than asked to tell whether another page exists. */
export function pageWindow(query: ListQuery) {
  return { limit: query.count + 1, offset: query.page * query.count };
}

/** A total, or TOTAL_CAP with `capped` when there are more rows than that (see countCapped). */
export interface CappedTotal {
  value: number;
  capped: boolean;
}

export function toPage<T>(rows: T[], query: ListQuery, total?: number | CappedTotal, nextCursor?: string) {
  const more = rows.length > query.count;
  const counted = typeof total === 'number' ? { value: total, capped: false } : total;
  return {
    items: more ? rows.slice(0, query.count) : rows,
    more,
    ...(counted === undefined ? {} : { total: counted.value }),
    ...(counted?.capped ? { total_capped: true as const } : {}),
    ...(more && nextCursor ? { next_cursor: nextCursor } : {}),
  };
}

/**
 * The rows of a FROM and WHERE counted up to TOTAL_CAP: the count stops reading at the cap, so it
 * costs what ten thousand rows cost however many match.
 */
export async function countCapped(
  db: { execute: (query: SQL) => PromiseLike<unknown> },
  matching: SQL,
): Promise<CappedTotal> {
  const result = (await db.execute(
    sql`select count(*)::int as value from (${matching} limit ${TOTAL_CAP + 1}) capped`,
  )) as { rows: Array<{ value: number }> };
  const value = Number(result.rows[0]?.value ?? 0);
  return value > TOTAL_CAP ? { value: TOTAL_CAP, capped: true } : { value, capped: false };
}

/**
 * A list's total when with_total asks for it: one count query over the same FROM and WHERE as its
 * rows, run only then.
 */
export async function totalOf(query: ListQuery, counted: () => PromiseLike<Array<{ value: number }>>) {
  if (!query.with_total) return undefined;
  const [row] = await counted();
  return row?.value ?? 0;
}

/** The rows and total of a list that lists nothing until it is narrowed as it must be. */
export function noRows(query: ListQuery): { rows: never[]; total: number | undefined } {
  return { rows: [], total: query.with_total ? 0 : undefined };
}

/**
 * ORDER BY for a whitelisted ordering (the schema already refused any other), always ending with
 * a unique tie-breaker so that pages never overlap.
 */
export function orderingSql<O extends string>(
  ordering: O | `-${O}` | undefined,
  columns: Record<O, AnyColumn | SQL>,
  tieBreaker: AnyColumn,
  fallback: SQL[] = [desc(tieBreaker)],
): SQL[] {
  if (!ordering) return fallback;
  const descending = ordering.startsWith('-');
  const key = (descending ? ordering.slice(1) : ordering) as O;
  const direction = descending ? desc : asc;
  return [direction(columns[key]), direction(tieBreaker)];
}

/**
 * Matches a search orders in memory, once its trigram indexes have found them all (a bitmap scan).
 * Past this many, the matches are common enough that walking the ordering's index meets a page of
 * them soon, and that is done instead.
 */
export const SEARCH_COLLECT_LIMIT = 2000;

/**
 * A search's matches, collected through their indexes and counted up to `countTo` (TOTAL_CAP), and,
 * when there are at most SEARCH_COLLECT_LIMIT (or `pageAmong`) of them, the ids of one page of them,
 * in one statement: `found` names the matches for `page`. Without ids the caller walks its ordering
 * for the page; the total is known either way, so no count follows.
 */
export async function collectPage(
  db: { execute: (query: SQL) => PromiseLike<unknown> },
  found: SQL,
  page: SQL,
  countTo = TOTAL_CAP,
  more: {
    /** Common table expressions `found` and `candidates` may read (e.g. `named as (…)`). */
    ctes?: SQL;
    /** Past the matches `page` may order: the ids that can make up the page, in the same statement. */
    candidates?: SQL;
    /**
     * The most matches `page` may order (default SEARCH_COLLECT_LIMIT): up to countTo when `found`
     * carries the ordering's columns itself, so that the page reads nothing but them.
     */
    pageAmong?: number;
  } = {},
): Promise<{ total?: CappedTotal; ids?: number[]; candidates?: number[] }> {
  const pageAmong = Math.min(more.pageAmong ?? SEARCH_COLLECT_LIMIT, countTo);
  const result = (await db.execute(
    sql`with ${more.ctes ? sql`${more.ctes}, ` : sql``}found as (${found} limit ${countTo + 1}),
      counted as (select count(*)::int as n from found)
      select n as found,
        case when n <= ${pageAmong} then array(${page}) end as ids
        ${more.candidates ? sql`, case when n > ${pageAmong} then array(${more.candidates}) end as candidates` : sql``}
      from counted`,
  )) as unknown as {
    rows: Array<{ found: number; ids: number[] | string | null; candidates?: number[] | string | null }>;
  };
  const row = result.rows[0]!;
  const count = Number(row.found);
  // Counted only up to countTo: past a smaller one the total is not known.
  const total =
    count <= countTo
      ? { value: count, capped: false }
      : countTo === TOTAL_CAP
        ? { value: TOTAL_CAP, capped: true }
        : undefined;
  if (row.ids === null) return { total, ...(row.candidates ? { candidates: idArray(row.candidates) } : {}) };
  return { total, ids: idArray(row.ids) };
}

/** An int[] of a statement's row: parsed by either driver, or its text form, read to be safe. */
export function idArray(value: number[] | string): number[] {
  const ids = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean) : value;
  return ids.map(Number);
}

/** A case-insensitive "contains" pattern with LIKE wildcards of the input escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column like lower('%text%')` on a lower-cased search text kept by the database (a SKU's
 * `search_text`, an order's): one trigram index, and its matches checked byte by byte rather than
 * lower-cased one by one as ILIKE does.
 */
export function searchTextContains(column: AnyColumn | SQL, text: string): SQL {
  return sql`${column} like lower(${containsPattern(text)})`;
}

/**
 * `column ilike '%text%'` per column, OR-ed: each one a trigram index can serve (a BitmapOr when
 * all of them have one). Only while the columns are of one table: an OR spanning joined tables is
 * checked row by row after the join, whatever the indexes; see referencesMatching.
 */
export function ilikeAny(text: string, ...columns: Array<AnyColumn | SQL>): SQL {
  const pattern = containsPattern(text);
  // Parenthesised: and() does not wrap its operands, and an OR chain would swallow them.
  const alternatives = sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  );
  return sql`(${alternatives})`;
}

/** A filter by a list of ids: undefined when not given, nothing when given empty. */
export function idListCondition(column: AnyColumn, ids: readonly number[] | undefined): SQL | undefined {
  return valueListCondition(column, ids);
}

/** Rows whose column holds one of the values (ids, codes); an empty list names none. */
export function valueListCondition(
  column: AnyColumn,
  values: readonly (number | string)[] | undefined,
): SQL | undefined {
  if (values === undefined) return undefined;
  return values.length ? inArray(column, [...values]) : sql`false`;
}
