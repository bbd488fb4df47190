import type { catalogs, orders } from '@extranet/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Money and quantities: 3 decimals, never floats. */
const amount = (name?: string) =>
  name ? numeric(name, { precision: 18, scale: 3 }) : numeric({ precision: 18, scale: 3 });
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/**
 * A trigram index for a list's smart search (`ilike '%text%'`), which no btree can serve. Named,
 * since the plan tests look for it.
 */
const trigram = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

// ---------------------------------------------------------------- reference data (global)

export const roles = pgTable('roles', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const permissions = pgTable('permissions', {
  id: text().primaryKey(),
  name: text().notNull(),
});

export const notificationTypes = pgTable('notification_types', {
  id: text().primaryKey(),
  name: text().notNull(),
});

export const emailRates = pgTable('email_rates', {
  id: serial().primaryKey(),
  minutes: integer().notNull().unique(),
});

/**
 * A catalog record the warehouse system retired (master data `"inactive": true`): hidden from
 * pickers, kept on the orders that use it.
 */
const active = () => boolean().notNull().default(true);

export const currencies = pgTable('currencies', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  active: active(),
});

export const uoms = pgTable('uoms', {
  id: serial().primaryKey(),
  /** The unit's code in orders and master data; readers see `names` in their language, when given. */
  name: text().notNull().unique(),
  names: jsonb().$type<catalogs.TranslatedNames>(),
  active: active(),
});

export const locations = pgTable('locations', {
  id: serial().primaryKey(),
  label: text().notNull().unique(),
  active: active(),
});

// ---------------------------------------------------------------- companies and their catalogs

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
  },
  (t) => [
    index().on(t.consigneeId, t.skuId),
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

// ---------------------------------------------------------------- users and sessions

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    passwordExpired: boolean().notNull().default(false),
    fio: text(),
    email: text(),
    lang: text().notNull().default('en'),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    excluded: boolean().notNull().default(false),
    loginFailures: integer().notNull().default(0),
    tooManyLoginFailures: boolean().notNull().default(false),
    /** The TOTP secret, encrypted with SECRET_KEY (AES-256-GCM); null: no second factor. */
    totpSecret: text(),
    /** When the second factor was confirmed; a secret without it is a setup under way. */
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The time step of the last code accepted: that step and earlier ones are refused (RFC 6238 §5.2). */
    totpLastStep: bigint({ mode: 'number' }),
    emailRateId: integer().references(() => emailRates.id),
    /** The single sign-on provider's `sub` of this person, stored at their first SSO sign-in. */
    ssoSubject: text(),
    lastSummaryAt: timestamp({ withTimezone: true }),
    creationDate: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_sso_subject_idx').on(t.ssoSubject),
    index().on(t.roleId),
    trigram('users_username_trgm_idx', t.username),
    trigram('users_fio_trgm_idx', t.fio),
    trigram('users_email_trgm_idx', t.email),
  ],
);

export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index().on(t.companyId, t.userId)],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permId: text()
      .notNull()
      .references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permId] }), index().on(t.permId)],
);

export const userNotificationTypes = pgTable(
  'user_notification_types',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ntfyId: text()
      .notNull()
      .references(() => notificationTypes.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ntfyId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    limited: boolean().notNull().default(false),
    createdAt: createdAt(),
    idleExpiresAt: timestamp({ withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Limited until the user sets up the second factor their company requires. */
    secondFactorSetup: boolean().notNull().default(false),
    userAgent: text(),
    address: text(),
    /** The last call that extended the session (the 10-second refresh does not count). */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * API keys: a company's systems call the API as the key's owner, within the key's permissions and
 * companies. Only the SHA-256 of the secret is kept (a 256-bit random secret needs no slow hash).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    secretHash: text().notNull().unique(),
    /** The secret's last four characters, to tell keys apart in the list. */
    secretHint: text().notNull(),
    /** Who made it: the key acts as this user; it stops working when the user does. */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    permissions: text().array().notNull(),
    /** What the key may do beyond its permissions (contract apikeys.KEY_SCOPES): `personal`. */
    scopes: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** The last day (UTC) the key works. */
    expiresOn: date({ mode: 'string' }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.userId)],
);

/** The companies an API key works for: some or all of its owner's. */
export const apiKeyCompanies = pgTable(
  'api_key_companies',
  {
    apiKeyId: integer()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.companyId] }), index().on(t.companyId, t.apiKeyId)],
);

/**
 * Failed sign-ins per lower-cased username, whether a user has that name or not, in a burst (no
 * pause of LOGIN_LOCK_MINUTES): they slow every sign-in of the username, from any address.
 */
export const loginFailures = pgTable('login_failures', {
  usernameKey: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins in a row of a username from one client address: five lock the username at that
 * address only, for LOGIN_LOCK_MINUTES (`lockedUntil` lifts by itself).
 */
export const loginAddressFailures = pgTable(
  'login_address_failures',
  {
    usernameKey: text().notNull(),
    address: text().notNull(),
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.usernameKey, t.address] })],
);

/** Wrong second-factor codes of a user in a window of LOGIN_LOCK_MINUTES; the tenth locks it. */
export const secondFactorFailures = pgTable('second_factor_failures', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/**
 * A single sign-on under way: the browser's trip to the provider (state, nonce and PKCE verifier,
 * found by the state's SHA-256), then the one-time code the web exchanges for a session (found by
 * its SHA-256). Each row is used once and lives minutes.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: serial().primaryKey(),
    stateHash: text().unique(),
    nonce: text(),
    codeVerifier: text(),
    handoffHash: text().unique(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's ID token said a second factor was used (`amr`). */
    secondFactorDone: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/** One-time recovery codes of a second factor, hashed like passwords; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

// ---------------------------------------------------------------- orders

const orderHeadColumns = () => ({
  id: serial().primaryKey(),
  consigneeId: integer()
    .notNull()
    .references(() => consignees.id),
  externalCode: text(),
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
   * (each after a \x01 mark, for prefixes too short for trigrams), its party's name and code, its
   * lines' SKU codes and names. Written by triggers only (migration 0028), never by the code.
   */
  searchText: text().notNull().default(''),
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

// ---------------------------------------------------------------- discussions, files, notifications

export const discussions = pgTable(
  'discussions',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    /** broadcast | normal | private | order (the discussion of one order) */
    visibility: text().notNull(),
    authorId: integer().references(() => users.id),
    purchHeadId: integer()
      .unique()
      .references(() => purchHeads.id),
    salesHeadId: integer()
      .unique()
      .references(() => salesHeads.id),
    creationDate: createdAt(),
    modificationDate: createdAt(),
  },
  (t) => [
    index().on(t.visibility, t.companyId, t.modificationDate),
    index().on(t.visibility, t.modificationDate),
    trigram('discussions_name_trgm_idx', t.name),
  ],
);

export const discussionMembers = pgTable(
  'discussion_members',
  {
    discussionId: integer()
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] }), index().on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial().primaryKey(),
    discussionId: integer()
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id),
    text: text(),
    /** A system comment: {code, old, new} rendered as a sentence by the web app. */
    dict: jsonb(),
    creationDate: createdAt(),
  },
  // A thread reads back from its latest comment, in (creation date, id) order: keyset pages.
  // (discussion, id): the comments after the one a reader saw last, for the lists' unread mark.
  (t) => [index().on(t.discussionId, t.creationDate, t.id), index().on(t.discussionId, t.id)],
);

/**
 * How far each user has read each discussion: the highest comment id the thread showed them when
 * they last opened it. A comment of someone else above it makes the discussion unread for them.
 */
export const discussionReads = pgTable(
  'discussion_reads',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discussionId: integer()
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    lastCommentId: integer().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.discussionId] }), index().on(t.discussionId)],
);

export const files = pgTable(
  'files',
  {
    id: serial().primaryKey(),
    /** Unguessable random token used in download links. */
    code: text().notNull().unique(),
    name: text().notNull(),
    ext: text().notNull(),
    mime: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
    /** Null for a document the warehouse sent (order_documents). */
    uploaderId: integer().references(() => users.id),
    commentId: integer().references(() => comments.id, { onDelete: 'set null' }),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.commentId), index().on(t.uploaderId)],
);

/** A document the warehouse sent about an order (delivery note, CMR, proof of delivery, ...). */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['purch', 'sales'] }).notNull(),
    headId: integer().notNull(),
    fileId: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    name: text().notNull(),
    /** The warehouse's event id: one document per event, however often it is sent. */
    eventId: text().notNull().unique(),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.kind, t.headId, t.creationDate), index().on(t.fileId)],
);

/** How a user's own spreadsheet headers map to the import's columns, per order kind. */
export const importMappings = pgTable(
  'import_mappings',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['purch', 'sales'] }).notNull(),
    /** `{"<header in the file>": "<column>"}`; an empty column ignores the header. */
    mapping: jsonb().$type<Record<string, string>>().notNull(),
    modificationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** The columns a user chose to show in each list table, on every browser they use. */
export const tableColumns = pgTable(
  'table_columns',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A list table of the web app (auth.TABLE_COLUMNS). */
    tableId: text().notNull(),
    /** The accessors of the columns shown, in the table's order. */
    columns: jsonb().$type<string[]>().notNull(),
    modificationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    ntfyType: text()
      .notNull()
      .references(() => notificationTypes.id),
    /** The bell was opened since (clears the badge). */
    seen: boolean().notNull().default(false),
    /** The user read this one (opened it, or marked it read on the Notifications page). */
    readAt: timestamp({ withTimezone: true }),
    emailed: boolean().notNull().default(false),
    creationDate: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.creationDate),
    index('notifications_unread_idx').on(t.userId, t.creationDate).where(sql`${t.readAt} is null`),
    index('notifications_unseen_idx').on(t.userId).where(sql`${t.seen} = false`),
    index('notifications_unemailed_idx').on(t.userId).where(sql`${t.emailed} = false and ${t.seen} = false`),
  ],
);

// ---------------------------------------------------------------- outbox

/** Work that leaves the process (warehouse sends, emails), claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    /** Idempotency key: one live job per key. */
    key: text().notNull(),
    payload: jsonb().notNull().default({}),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    doneAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.cancelledAt} is null`),
    index().on(t.kind, t.key),
    // One live job per kind and key: enqueue inserts ON CONFLICT DO NOTHING against it.
    uniqueIndex('jobs_live_key_idx')
      .on(t.kind, t.key)
      .where(sql`${t.doneAt} is null and ${t.cancelledAt} is null`),
    // Retention: jobs that ended, by when they ended.
    index('jobs_ended_idx').on(sql`coalesce(${t.doneAt}, ${t.cancelledAt})`),
  ],
);

/** Inbound warehouse events already applied (exactly once). */
export const wmsEvents = pgTable(
  'wms_events',
  {
    id: text().primaryKey(),
    receivedAt: createdAt(),
  },
  (t) => [index().on(t.receivedAt)],
);

/**
 * Hits per rate-limited key (a route and a client address) in the current window, kept in the
 * database so that every instance counts together (DESIGN.md §5: login attempts a minute).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
    hits: integer().notNull().default(0),
  },
  (t) => [index().on(t.windowStart)],
);

// ---------------------------------------------------------------- webhooks

/**
 * A company's webhook endpoint: where the events it chose are POSTed, signed with its secret
 * (encrypted at rest with the server's key, like second-factor secrets).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    secret: text().notNull(),
    /** Who registered it: told when the endpoint is paused. */
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Off: no new deliveries. Turned off by its users, or by the server after a day of failures. */
    active: boolean().notNull().default(true),
    /** When the server paused it after failing for a day; null while active or turned off by hand. */
    pausedAt: timestamp({ withTimezone: true }),
    /** The first failed attempt since the last delivered one; null while it answers. */
    failingSince: timestamp({ withTimezone: true }),
    /** The owner's private thread where pause notices are written, made on the first one. */
    discussionId: integer().references(() => discussions.id, { onDelete: 'set null' }),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.companyId, t.id)],
);

/** Something that happened to a company's record, written in the transaction of the change. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /** The record it is about (`order:purch:157`, `stock:12`, `discussion:40`): deliveries keep its order. */
    recordKey: text().notNull(),
    /** The record as the API shows it, encoded for the wire. */
    data: jsonb().notNull(),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.creationDate)],
);

/** One event sent (or to be sent) to one endpoint; "send again" makes another. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial().primaryKey(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    recordKey: text().notNull(),
    /** pending (queued or retrying) | delivered | failed (given up) */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    responseCode: integer(),
    durationMs: integer(),
    error: text(),
    /** Why it was not sent: its endpoint's owner may not read it (contract DeliveryRefusal). */
    refusal: jsonb().$type<{ code: string; permission?: string }>(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    creationDate: createdAt(),
  },
  (t) => [
    // The delivery log of an endpoint, newest first.
    index().on(t.endpointId, t.creationDate, t.id),
    // The delivery before a new one for the same record (ordering).
    index().on(t.endpointId, t.recordKey, t.id),
    index().on(t.eventId),
    index().on(t.creationDate),
  ],
);

// ---------------------------------------------------------------- unloading and loading slots

/** A location's weekly slot schedule (role 99 or the warehouse's master data). */
export const slotSchedules = pgTable('slot_schedules', {
  locationId: integer()
    .primaryKey()
    .references(() => locations.id),
  /** ISO weekdays, 1 Monday to 7 Sunday. */
  weekdays: integer().array().notNull(),
  /** "HH:MM" in SLOT_TIME_ZONE. */
  fromTime: text().notNull(),
  toTime: text().notNull(),
  minutes: integer().notNull(),
  capacity: integer().notNull(),
  modificationDate: createdAt(),
});

/** One time window at a location; made from the schedule when first listed. */
export const slots = pgTable(
  'slots',
  {
    id: serial().primaryKey(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    /** Bookings held, counted in the transaction that books (the slot row locked). */
    booked: integer().notNull().default(0),
  },
  (t) => [uniqueIndex().on(t.locationId, t.startsAt)],
);

/** Days or hours a location takes no trucks (holidays, inventory). */
export const slotClosures = pgTable(
  'slot_closures',
  {
    id: serial().primaryKey(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull(),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.locationId, t.startsAt)],
);

/** An order's truck booked into a slot: one booking per order. */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['purch', 'sales'] }).notNull(),
    headId: integer().notNull(),
    slotId: integer()
      .notNull()
      .references(() => slots.id),
    /** Why the warehouse moved it, for the client to see; null when the client booked. */
    reason: text(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    modificationDate: createdAt(),
  },
  (t) => [uniqueIndex().on(t.kind, t.headId), index().on(t.slotId)],
);

/**
 * A user's saved view of a list (issue 34): its filters, ordering and shown columns under a name,
 * one name per owner and list (letter case aside). A shared one is seen by the users of the
 * owner's companies, read through user_companies when listed, so it follows the owner's companies.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial().primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** views.VIEW_LISTS. */
    list: text().notNull(),
    name: text().notNull(),
    filters: jsonb().$type<Record<string, unknown>>().notNull(),
    ordering: text(),
    columns: jsonb().$type<string[]>().notNull(),
    shared: boolean().notNull().default(false),
    creationDate: createdAt(),
    modificationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The owner's views of a list, and the one name check: (owner, list) leads.
    uniqueIndex('saved_views_owner_list_name_idx').on(t.ownerId, t.list, sql`lower(${t.name})`),
    // Shared views of a list by the owners found through user_companies (company_id, user_id).
    index('saved_views_shared_list_owner_idx').on(t.list, t.ownerId).where(sql`${t.shared}`),
  ],
);

/** The views a user pinned on their dashboard (views.MAX_PINNED_VIEWS at most). */
export const savedViewPins = pgTable(
  'saved_view_pins',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewId: integer()
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    creationDate: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.viewId] }), index().on(t.viewId)],
);
