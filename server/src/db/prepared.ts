import { createHash } from 'node:crypto';
import { type AnyColumn, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client';

/**
 * How the values of a statement being built enter it (docs/decisions.md, "A statement prepared
 * per list shape"). `inlineValues` writes each one in as a parameter: the statement drizzle builds
 * every time. `Placeholders` writes a named placeholder and keeps the value, so that the
 * statement's text depends on its shape alone: built and prepared once per shape
 * (executeByShape), then run with the values.
 */
export interface StatementValues {
  /** The value where the statement reads it, or a placeholder for it. */
  value<T>(name: string, value: T): T | Placeholder;
  /** `column in (ids)`, or `column = any($ids)`: false for no ids either way. */
  among(column: AnyColumn, name: string, ids: readonly number[]): SQL;
}

export const inlineValues: StatementValues = {
  value: (_name, value) => value,
  among: (column, _name, ids) => (ids.length ? inArray(column, [...ids]) : sql`false`),
};

export class Placeholders implements StatementValues {
  readonly values: Record<string, unknown> = {};

  value<T>(name: string, value: T): Placeholder {
    this.values[name] = value;
    return sql.placeholder(name);
  }

  among(column: AnyColumn, name: string, ids: readonly number[]): SQL {
    this.values[name] = [...ids];
    return sql`${column} = any(${sql.placeholder(name)})`;
  }
}

interface Preparable<T> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
  execute(values?: Record<string, unknown>): Promise<T>;
  toSQL(): { sql: string };
}

interface PreparedShape<T> {
  statement: { execute(values?: Record<string, unknown>): Promise<T> };
  text: string;
}

/** Shapes kept per database at most; past them a statement runs unprepared (bounded memory). */
const MAX_SHAPES = 256;
const preparedShapes = new WeakMap<Db, Map<string, PreparedShape<unknown>>>();
let verifying = false;

/**
 * Under test, every run of a prepared shape builds its text again and fails if it differs: a
 * `shape` that misses something the text depends on would otherwise run another statement.
 * @internal
 */
export function verifyStatementShapes() {
  verifying = true;
}

/**
 * Runs a statement built with Placeholders, prepared once per database and shape: drizzle builds
 * its text once, each connection has the database parse it once (a named statement), and then only
 * its values travel. `shape` must name everything the text depends on. Every statement is planned
 * for its values as before (plan_cache_mode = force_custom_plan, db/client.ts): what is saved is
 * building and parsing, not planning. Inside a transaction, or past MAX_SHAPES, the statement runs
 * unprepared.
 */
export async function executeByShape<T>(
  db: Executor,
  shape: string,
  query: Preparable<T>,
  values: Record<string, unknown>,
): Promise<T> {
  if (db instanceof PgTransaction) return query.execute(values);
  let shapes = preparedShapes.get(db);
  if (!shapes) {
    shapes = new Map();
    preparedShapes.set(db, shapes);
  }
  let prepared = shapes.get(shape) as PreparedShape<T> | undefined;
  if (!prepared) {
    if (shapes.size >= MAX_SHAPES) return query.execute(values);
    const name = `shape_${createHash('sha1').update(shape).digest('hex').slice(0, 24)}`;
    prepared = { statement: query.prepare(name), text: query.toSQL().sql };
    shapes.set(shape, prepared as PreparedShape<unknown>);
  } else if (verifying && query.toSQL().sql !== prepared.text) {
    throw new Error(`the statement of shape ${shape} has another text than when it was prepared`);
  }
  return prepared.statement.execute(values);
}
