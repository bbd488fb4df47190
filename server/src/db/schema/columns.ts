// Column builders the tables share.
import { boolean, type ExtraConfigColumn, index, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money and quantities: 3 decimals, never floats. */
export const amount = (name?: string) =>
  name ? numeric(name, { precision: 18, scale: 3 }) : numeric({ precision: 18, scale: 3 });
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/**
 * A trigram index for a list's smart search (`ilike '%text%'`), which no btree can serve. Named,
 * since the plan tests look for it.
 */
export const trigram = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

/**
 * A catalog record the warehouse system retired (master data `"inactive": true`): hidden from
 * pickers, kept on the orders that use it.
 */
export const active = () => boolean().notNull().default(true);
