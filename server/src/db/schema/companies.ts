// Companies and their catalogs: consignees, parties, addresses, SKUs, stock, reports.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { active, amount, trigram } from './columns';
import { currencies, locations, uoms } from './reference';

export const companies = pgTable('companies', {
  id: serial().primaryKey(),
  /** What the warehouse system calls this client; master data names companies by it. */
  code: text().notNull().unique(),
  name: text().notNull().unique(),
  /** A deactivated company's users cannot sign in; its data stays. */
  active: boolean().notNull().default(true),
  /** Every user of the company must sign in with a second factor. */
  secondFactorRequired: boolean().notNull().default(false),
  /** Every user of the company must sign in through single sign-on; passwords are refused. */
  ssoRequired: boolean().notNull().default(false),
});

export const businessLines = pgTable('business_lines', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
});

export const consignees = pgTable(
  'consignees',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    businessLineId: integer()
      .notNull()
      .references(() => businessLines.id),
    /** The warehouse system's code of the consignee, unique. */
    code: text().notNull().unique(),
    name: text().notNull(),
    active: active(),
  },
  (t) => [index().on(t.companyId, t.name), index().on(t.businessLineId)],
);

const party = (name: 'vendors' | 'customers') =>
  pgTable(
    name,
    {
      id: serial().primaryKey(),
      consigneeId: integer()
        .notNull()
        .references(() => consignees.id),
      externalCode: text().notNull(),
      name: text().notNull(),
      defaultCurrencyId: integer().references(() => currencies.id),
      active: active(),
    },
    (t) => [
      uniqueIndex().on(t.consigneeId, t.externalCode),
      index().on(t.consigneeId, t.name),
      trigram(`${name}_name_trgm_idx`, t.name),
      trigram(`${name}_external_code_trgm_idx`, t.externalCode),
    ],
  );

export const vendors = party('vendors');
export const customers = party('customers');

export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    vendorId: integer().references(() => vendors.id),
    customerId: integer().references(() => customers.id),
    code: text().notNull(),
    name: text().notNull(),
    active: active(),
  },
  (t) => [
    // Master data upserts an address by its code within its vendor or customer.
    uniqueIndex().on(t.vendorId, t.code),
    uniqueIndex().on(t.customerId, t.code),
    check('addresses_one_owner', sql`(${t.vendorId} is null) <> (${t.customerId} is null)`),
  ],
);

export const skus = pgTable(
  'skus',
  {
    id: serial().primaryKey(),
    consigneeId: integer()
      .notNull()
      .references(() => consignees.id),
    code: text().notNull(),
    externalCode: text().notNull(),
    name: text().notNull(),
    manufacturerExpire: integer(),
    receiveExpire: integer(),
    shipExpire: integer(),
    receiveTempMin: integer(),
    receiveTempMax: integer(),
    vendorId: integer().references(() => vendors.id),
    commodityCode: text(),
    productionCountry: text(),
    price: amount(),
    vatRate: amount(),
    classCode: text(),
    orderMin: amount(),
    orderStep: amount(),
    exciseCode: text(),
    alcoholPercent: amount(),
    /** The unit the warehouse counts the SKU in. */
    uomId: integer().references(() => uoms.id),
    active: active(),
  },
  (t) => [
    uniqueIndex().on(t.consigneeId, t.externalCode),
    index().on(t.consigneeId, t.name),
    index().on(t.name),
    index().on(t.externalCode),
    trigram('skus_name_trgm_idx', t.name),
    trigram('skus_code_trgm_idx', t.code),
    trigram('skus_external_code_trgm_idx', t.externalCode),
  ],
);

export const skuPackaging = pgTable(
  'sku_packaging',
  {
    id: serial().primaryKey(),
    skuId: integer()
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    grossW: amount(),
    netW: amount(),
    width: amount(),
    height: amount(),
    length: amount(),
    volume: amount(),
    pceQty: integer(),
  },
  (t) => [index().on(t.skuId)],
);

export const skuEans = pgTable(
  'sku_eans',
  {
    id: serial().primaryKey(),
    skuId: integer()
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    eanText: text().notNull(),
    eanTypeCode: text().notNull(),
  },
  (t) => [index().on(t.skuId), index().on(t.eanText)],
);

export const stockRows = pgTable(
  'stock_rows',
  {
    id: serial().primaryKey(),
    consigneeId: integer()
      .notNull()
      .references(() => consignees.id),
    skuId: integer()
      .notNull()
      .references(() => skus.id),
    statusCode: text(),
    statusDesc: text(),
    qty: amount().notNull(),
    uomId: integer()
      .notNull()
      .references(() => uoms.id),
    expiryDate: date({ mode: 'string' }),
    batch: text(),
    mfgDate: date({ mode: 'string' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    sscc: text(),
    size: text(),
    /** The SKU's name, kept by triggers (migration 0034): the list's default ordering's index. */
    skuName: text().notNull().default(''),
  },
  (t) => [
    index().on(t.consigneeId, t.skuId),
    index().on(t.skuName, t.id),
    index().on(t.consigneeId, t.skuName, t.id),
    index().on(t.skuId, t.batch, t.expiryDate),
    index().on(t.consigneeId, t.expiryDate),
    index().on(t.consigneeId, t.mfgDate),
    index().on(t.consigneeId, t.statusDesc),
    // Role 99 lists every consignee's rows: each ordering with its id tie-breaker, both ways, since
    // rows without the value come last in either direction and one index walks only one of them.
    index().on(t.statusDesc, t.id),
    index('stock_rows_status_desc_id_desc_idx').on(t.statusDesc.desc().nullsLast(), t.id.desc().nullsFirst()),
    index().on(t.expiryDate, t.id),
    index('stock_rows_expiry_date_id_desc_idx').on(t.expiryDate.desc().nullsLast(), t.id.desc().nullsFirst()),
    index().on(t.mfgDate, t.id),
    index('stock_rows_mfg_date_id_desc_idx').on(t.mfgDate.desc().nullsLast(), t.id.desc().nullsFirst()),
    trigram('stock_rows_batch_trgm_idx', t.batch),
    trigram('stock_rows_sscc_trgm_idx', t.sscc),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    url: text().notNull(),
  },
  (t) => [index().on(t.companyId)],
);
