// Purchase and sales orders, heads and lines.
import type { orders } from '@extranet/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { amount, createdAt, trigram } from './columns';
import { addresses, consignees, customers, skus, vendors } from './companies';
import { currencies, locations, uoms } from './reference';
import { users } from './users';

const orderHeadColumns = () => ({
  id: serial().primaryKey(),
  consigneeId: integer()
    .notNull()
    .references(() => consignees.id),
  externalCode: text(),
  /**
   * The warehouse's own number of the order, from its answer to the send or a later event: what
   * people know the order by while it has no external code (migration 0033).
   */
  warehouseCode: text(),
  locationId: integer().references(() => locations.id),
  truckNumber: text(),
  deliveryDate: date({ mode: 'string' }),
  currencyId: integer().references(() => currencies.id),
  isReturn: boolean().notNull().default(false),
  isTemplate: boolean().notNull().default(false),
  progress: text().notNull().default('draft'),
  statusCode: text(),
  statusDesc: text(),
  failureReason: text(),
  /** The product's own code for the failure, worded in the reader's language; null for the warehouse's text. */
  failureCause: jsonb().$type<orders.FailureCause>(),
  authorId: integer().references(() => users.id),
  creationDate: createdAt(),
  modificationDate: createdAt(),
  excludedAt: timestamp({ withTimezone: true }),
  /**
   * What the lists' free text finds of the order, lower-cased: its code, reference and truck number
   * (each after a \x01 mark, for prefixes too short for trigrams), the warehouse's number, its
   * party's name and code, its lines' SKU codes and names. Written by triggers only (migrations
   * 0028 and 0036), never by the code.
   */
  searchText: text().notNull().default(''),
  /** How many lines the order has. Written by the same triggers as searchText (migration 0038). */
  linesCount: integer().notNull().default(0),
});

/**
 * Indexes of the orders a list shows (not excluded), covering what they read, so that at a
 * million orders: a count of a user's orders or of one progress is an index-only scan of the
 * consignees' entries; a page of the default ordering, however deep, walks index entries only
 * and reads the rows of that page alone (see listOrderRows).
 */
function liveHeadIndexes(
  table: string,
  t: {
    consigneeId: ExtraConfigColumn;
    isTemplate: ExtraConfigColumn;
    progress: ExtraConfigColumn;
    creationDate: ExtraConfigColumn;
    id: ExtraConfigColumn;
    excludedAt: ExtraConfigColumn;
    externalCode: ExtraConfigColumn;
    truckNumber: ExtraConfigColumn;
    searchText: ExtraConfigColumn;
  },
) {
  const live = sql`${t.excludedAt} is null`;
  return [
    index(`${table}_live_counts_idx`).on(t.consigneeId, t.isTemplate, t.progress).where(live),
    // The template flag last: the lists filter on it (the web always does) from the index itself.
    index(`${table}_live_creation_template_idx`).on(t.creationDate, t.id, t.isTemplate).where(live),
    index(`${table}_live_progress_template_idx`).on(t.progress, t.id, t.isTemplate).where(live),
    index(`${table}_live_consignee_creation_idx`)
      .on(t.consigneeId, t.isTemplate, t.creationDate, t.id)
      .where(live),
    // The same entries carrying INCLUDE (progress, search_text), which drizzle cannot declare
    // (migration 0028): a search within a user's consignees reads them alone, index-only.
    index(`${table}_live_consignee_search_idx`)
      .on(t.consigneeId, t.isTemplate, t.creationDate, t.id)
      .where(live),
    trigram(`${table}_search_text_trgm_idx`, t.searchText),
    // A text too short for trigrams matches the beginning of a code or a plate (orderListParts).
    index(`${table}_external_code_prefix_idx`).on(sql`lower(${t.externalCode}) text_pattern_ops`),
    index(`${table}_truck_number_prefix_idx`).on(sql`lower(${t.truckNumber}) text_pattern_ops`),
  ];
}

export const purchHeads = pgTable(
  'purch_heads',
  {
    ...orderHeadColumns(),
    vendorId: integer().references(() => vendors.id),
    vendorAddressId: integer().references(() => addresses.id),
    vendorReference: text(),
    /** When the warehouse received the goods (its receipt report). */
    receivedOn: date({ mode: 'string' }),
  },
  (t) => [
    index().on(t.consigneeId, t.isTemplate, t.creationDate),
    index().on(t.vendorId, t.creationDate),
    index().on(t.consigneeId, t.progress),
    index().on(t.progress, t.id),
    index().on(t.creationDate),
    ...liveHeadIndexes('purch_heads', t),
    trigram('purch_heads_external_code_trgm_idx', t.externalCode),
    trigram('purch_heads_vendor_reference_trgm_idx', t.vendorReference),
    trigram('purch_heads_truck_number_trgm_idx', t.truckNumber),
    index('purch_heads_vendor_reference_prefix_idx').on(sql`lower(${t.vendorReference}) text_pattern_ops`),
    uniqueIndex('purch_heads_code_idx')
      .on(t.consigneeId, t.externalCode)
      .where(sql`${t.excludedAt} is null and ${t.externalCode} is not null`),
  ],
);

export const purchLines = pgTable(
  'purch_lines',
  {
    id: serial().primaryKey(),
    headId: integer()
      .notNull()
      .references(() => purchHeads.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    skuId: integer()
      .notNull()
      .references(() => skus.id),
    orderedQty: amount(),
    receivedQty: amount(),
    uomId: integer().references(() => uoms.id),
    price: amount(),
  },
  (t) => [uniqueIndex().on(t.headId, t.skuId), index().on(t.skuId)],
);

/**
 * A sales order the warehouse reports shipped or delivered (SHP, DLV) with no tracking number,
 * customers' own pick-ups aside: the list filter, and the predicate of its partial index.
 */
export function shippedWithoutTracking(t: {
  statusCode: AnyPgColumn | ExtraConfigColumn;
  trackingNumbers: AnyPgColumn | ExtraConfigColumn;
  selfPicking: AnyPgColumn | ExtraConfigColumn;
}): SQL {
  return sql`${t.statusCode} in ('SHP', 'DLV') and cardinality(${t.trackingNumbers}) = 0 and not ${t.selfPicking}`;
}

export const salesHeads = pgTable(
  'sales_heads',
  {
    ...orderHeadColumns(),
    customerId: integer().references(() => customers.id),
    customerAddressId: integer().references(() => addresses.id),
    customerReference: text(),
    deliveryAddressId: integer().references(() => addresses.id),
    deliveryName: text(),
    dueDays: amount(),
    comments: text(),
    selfPicking: boolean().notNull().default(false),
    vatTaxReq: boolean().notNull().default(false),
    /** The shipment the warehouse reported: carrier code, its tracking numbers, delivery. */
    carrier: text(),
    trackingNumbers: text().array().notNull().default(sql`'{}'::text[]`),
    deliveredOn: date({ mode: 'string' }),
    deliverySigner: text(),
  },
  (t) => [
    index().on(t.consigneeId, t.isTemplate, t.creationDate),
    index().on(t.customerId, t.creationDate),
    index().on(t.consigneeId, t.progress),
    index().on(t.progress, t.id),
    index().on(t.creationDate),
    ...liveHeadIndexes('sales_heads', t),
    trigram('sales_heads_external_code_trgm_idx', t.externalCode),
    trigram('sales_heads_customer_reference_trgm_idx', t.customerReference),
    trigram('sales_heads_truck_number_trgm_idx', t.truckNumber),
    index('sales_heads_customer_reference_prefix_idx').on(
      sql`lower(${t.customerReference}) text_pattern_ops`,
    ),
    // The list filter "shipped without tracking": a few orders, whichever consignees a user sees.
    index('sales_heads_shipped_untracked_idx')
      .on(t.consigneeId, t.creationDate, t.id)
      .where(sql`${t.excludedAt} is null and ${shippedWithoutTracking(t)}`),
    uniqueIndex('sales_heads_code_idx')
      .on(t.consigneeId, t.externalCode)
      .where(sql`${t.excludedAt} is null and ${t.externalCode} is not null`),
  ],
);

/**
 * Orders that are not excluded, counted per kind, consignee, template flag and progress; kept by
 * triggers on the heads in the transaction of every insert, move and exclusion (migration
 * 0014_order_counts_triggers), so role 99's totals and the dashboard's pies read a few rows instead of counting.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    kind: text({ enum: ['purch', 'sales'] }).notNull(),
    consigneeId: integer()
      .notNull()
      .references(() => consignees.id),
    isTemplate: boolean().notNull(),
    progress: text().notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.consigneeId, t.isTemplate, t.progress] })],
);

export const salesLines = pgTable(
  'sales_lines',
  {
    id: serial().primaryKey(),
    headId: integer()
      .notNull()
      .references(() => salesHeads.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    skuId: integer()
      .notNull()
      .references(() => skus.id),
    orderedQty: amount(),
    salesQty: amount(),
    deliveredQty: amount(),
    uomId: integer().references(() => uoms.id),
    price: amount(),
    batch: text(),
    expiryDate: date({ mode: 'string' }),
  },
  (t) => [uniqueIndex().on(t.headId, t.skuId), index().on(t.skuId)],
);
