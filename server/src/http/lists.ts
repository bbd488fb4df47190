import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

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

export function toPage<T>(rows: T[], query: ListQuery, total?: number) {
  const more = rows.length > query.count;
  return { items: more ? rows.slice(0, query.count) : rows, more, ...(total === undefined ? {} : { total }) };
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

/** A case-insensitive "contains" pattern with LIKE wildcards of the input escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function ilikeAny(text: string, ...columns: Array<AnyColumn | SQL>): SQL {
  const pattern = containsPattern(text);
  // Parenthesised: and() does not wrap its operands, and an OR chain would swallow them.
  const alternatives = sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  );
  return sql`(${alternatives})`;
}
