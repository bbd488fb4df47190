import {
  NOTIFICATION_TYPES,
  type NotificationType,
  PERMISSIONS,
  type Permission,
  type RoleId,
} from '@extranet/contract';
import type { Db, Executor } from '../db/client';
import * as t from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { enqueueSends } from '../modules/orders/orders.sends';
import { failureOf, type OrderFailure } from '../modules/wms/wms.failure';
import {
  ADDRESS_KINDS,
  type BaseUom,
  BRANDS,
  COMPANY_DISCUSSIONS,
  COUNTRIES,
  DRINKS,
  FAILURE_CODES,
  FOOD,
  HOME,
  LEGAL_FORMS,
  ORDER_COMMENTS,
  PARTY_CORES,
  PARTY_SUFFIXES,
  type ProductType,
  STREETS,
  TEMPLATE_COMMENTS,
} from './catalog';
import { Random } from './random';
import { seedReferenceData } from './seed-reference';

// ---------------------------------------------------------------- accounts

export interface DemoAccount {
  username: string;
  password: string;
  role: RoleId;
  description: string;
  /** Company names. */
  companies: readonly string[];
  permissions: readonly Permission[];
}

const COMPANIES = [
  {
    name: 'Baltic Foods SIA',
    short: 'Baltic Foods',
    code: 'BF',
    catalog: FOOD,
    brands: BRANDS.food,
    gs1: '4750231',
  },
  {
    name: 'Nordic Beverages AS',
    short: 'Nordic Beverages',
    code: 'NB',
    catalog: DRINKS,
    brands: BRANDS.drinks,
    gs1: '4740517',
  },
  {
    name: 'Amber Home UAB',
    short: 'Amber Home',
    code: 'AH',
    catalog: HOME,
    brands: BRANDS.home,
    gs1: '4770384',
  },
] as const;

const BUSINESS_LINES = ['Retail', 'Wholesale'] as const;

/** The accounts of DESIGN.md §7; the README prints them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'admin',
    password: 'admin-demo-1',
    role: 99,
    description: 'Provider administrator: sees every company, has every permission',
    companies: [],
    permissions: [...PERMISSIONS],
  },
  {
    username: 'manager',
    password: 'manager-demo-1',
    role: 7,
    description: 'Manager of Baltic Foods and Nordic Beverages: every permission but catalogs (cmgr)',
    companies: ['Baltic Foods SIA', 'Nordic Beverages AS'],
    permissions: ['umgr', 'stck', 'pord', 'sord', 'reps'],
  },
  {
    username: 'operator',
    password: 'operator-demo-1',
    role: 1,
    description: 'Operator of Baltic Foods: purchase orders, sales orders, stock',
    companies: ['Baltic Foods SIA'],
    permissions: ['pord', 'sord', 'stck'],
  },
];

/** The password of every other demo user. */
export const DEMO_USER_PASSWORD = 'user-demo-1';

export interface UserSpec {
  username: string;
  fio: string;
  email: string;
  lang: 'en' | 'ru' | 'lv';
  role: RoleId;
  /** Indexes into COMPANIES. */
  companies: readonly number[];
  permissions: readonly Permission[];
  notificationTypes: readonly NotificationType[];
  emailRateMinutes: number | null;
  excluded?: boolean;
}

const ALL_TYPES = NOTIFICATION_TYPES;

/** The other demo users, in the order they are created (after the DEMO_ACCOUNTS). */
export const DEMO_USERS: readonly UserSpec[] = [
  {
    username: 'jberzins',
    fio: 'Jānis Bērziņš',
    email: 'janis.berzins@example.com',
    lang: 'lv',
    role: 7,
    companies: [0],
    permissions: ['umgr', 'stck', 'pord', 'sord', 'reps'],
    notificationTypes: ALL_TYPES,
    emailRateMinutes: 60,
  },
  {
    username: 'aozola',
    fio: 'Anna Ozola',
    email: 'anna.ozola@example.com',
    lang: 'lv',
    role: 1,
    companies: [0],
    permissions: ['pord', 'stck'],
    notificationTypes: ['bcst', 'nrml', 'prvt', 'pord', 'omov'],
    emailRateMinutes: null,
  },
  {
    username: 'dsmirnovs',
    fio: 'Дмитрий Смирнов',
    email: 'dmitrijs.smirnovs@example.com',
    lang: 'ru',
    role: 1,
    companies: [0, 1],
    permissions: ['sord', 'stck'],
    notificationTypes: ['bcst', 'prvt', 'sord', 'omov'],
    emailRateMinutes: 240,
  },
  {
    username: 'opetrova',
    fio: 'Ольга Петрова',
    email: 'olga.petrova@example.com',
    lang: 'ru',
    role: 1,
    companies: [1],
    permissions: ['pord', 'sord', 'stck', 'reps'],
    notificationTypes: ALL_TYPES,
    emailRateMinutes: 15,
  },
  {
    username: 'mliepa',
    fio: 'Mārtiņš Liepa',
    email: 'martins.liepa@example.com',
    lang: 'lv',
    role: 7,
    companies: [1],
    permissions: ['umgr', 'stck', 'pord', 'sord', 'reps'],
    notificationTypes: ['bcst', 'nrml', 'prvt'],
    emailRateMinutes: 1440,
  },
  {
    username: 'kkuznecova',
    fio: 'Kristīne Kuzņecova',
    email: 'kristine.kuznecova@example.com',
    lang: 'en',
    role: 1,
    companies: [1],
    permissions: ['stck', 'reps'],
    notificationTypes: ['bcst', 'nrml'],
    emailRateMinutes: null,
  },
  {
    username: 'tkazlauskas',
    fio: 'Tomas Kazlauskas',
    email: 'tomas.kazlauskas@example.com',
    lang: 'en',
    role: 7,
    companies: [2],
    permissions: ['umgr', 'stck', 'pord', 'sord', 'reps'],
    notificationTypes: ALL_TYPES,
    emailRateMinutes: 60,
  },
  {
    username: 'ktamm',
    fio: 'Kadri Tamm',
    email: 'kadri.tamm@example.com',
    lang: 'en',
    role: 1,
    companies: [2],
    permissions: ['pord', 'sord', 'stck'],
    notificationTypes: ['bcst', 'nrml', 'prvt', 'pord', 'sord', 'omov'],
    emailRateMinutes: null,
  },
  {
    username: 'nvolkova',
    fio: 'Наталья Волкова',
    email: 'natalja.volkova@example.com',
    lang: 'ru',
    role: 81,
    companies: [0, 1, 2],
    permissions: [...PERMISSIONS],
    notificationTypes: ['bcst', 'prvt'],
    emailRateMinutes: 1440,
  },
  {
    username: 'avitols',
    fio: 'Andris Vītols',
    email: 'andris.vitols@example.com',
    lang: 'lv',
    role: 1,
    companies: [2],
    permissions: ['pord', 'stck'],
    notificationTypes: ['bcst', 'pord'],
    emailRateMinutes: null,
    excluded: true,
  },
];

const ACCOUNT_SPECS: readonly UserSpec[] = [
  {
    username: 'admin',
    fio: 'Demo Administrator',
    email: 'admin@example.com',
    lang: 'en',
    role: 99,
    companies: [],
    permissions: [...PERMISSIONS],
    notificationTypes: ALL_TYPES,
    emailRateMinutes: null,
  },
  {
    username: 'manager',
    fio: 'Ilze Kalniņa',
    email: 'manager@example.com',
    lang: 'en',
    role: 7,
    companies: [0, 1],
    permissions: ['umgr', 'stck', 'pord', 'sord', 'reps'],
    notificationTypes: ALL_TYPES,
    emailRateMinutes: 60,
  },
  {
    username: 'operator',
    fio: 'Sergejs Ivanovs',
    email: 'operator@example.com',
    lang: 'en',
    role: 1,
    companies: [0],
    permissions: ['pord', 'sord', 'stck'],
    notificationTypes: ALL_TYPES,
    emailRateMinutes: null,
  },
];

const REPORTS = [
  { company: 0, name: 'Stock overview', url: 'https://example.com/reports/stock-overview' },
  { company: 1, name: 'Order turnover by month', url: 'https://example.com/reports/order-turnover' },
  { company: 2, name: 'Expiry forecast', url: 'https://example.com/reports/expiry-forecast' },
] as const;

// ---------------------------------------------------------------- sizes and shapes

const SEED = 20_260_301;
const CHUNK = 500;
const DAY = 86_400_000;
const MINUTE = 60_000;

const COUNTS = {
  vendors: 40,
  customers: 40,
  skusPerConsignee: 50,
  stockRows: 2000,
  /** Orders of each kind by progress: 200 in all. */
  progress: { draft: 55, ready: 30, sent: 35, failure: 15, sync: 55, template: 10 },
} as const;

type Kind = 'purch' | 'sales';
type Progress = keyof typeof COUNTS.progress;
type Status = { code: string; desc: string };

const STATUS: Record<Kind, Record<string, Status>> = {
  purch: {
    NEW: { code: 'NEW', desc: 'Registered' },
    RCV: { code: 'RCV', desc: 'Receiving' },
    DONE: { code: 'DONE', desc: 'Received' },
    CNL: { code: 'CNL', desc: 'Cancelled' },
  },
  sales: {
    NEW: { code: 'NEW', desc: 'Registered' },
    PCK: { code: 'PCK', desc: 'Picking' },
    SHP: { code: 'SHP', desc: 'Shipped' },
    DLV: { code: 'DLV', desc: 'Delivered' },
    CNL: { code: 'CNL', desc: 'Cancelled' },
  },
};

/** Status histories of orders the warehouse works on (progress sync), last one current. */
const SYNC_PATHS: Record<Kind, readonly (readonly [readonly string[], number])[]> = {
  purch: [
    [['NEW', 'RCV'], 35],
    [['NEW', 'RCV', 'DONE'], 55],
    [['NEW', 'CNL'], 10],
  ],
  sales: [
    [['NEW', 'PCK'], 25],
    [['NEW', 'PCK', 'SHP'], 30],
    [['NEW', 'PCK', 'SHP', 'DLV'], 35],
    [['NEW', 'CNL'], 10],
  ],
};

const STOCK_STATUSES: readonly (readonly [Status | null, number])[] = [
  [{ code: 'AV', desc: 'Available' }, 62],
  [{ code: 'QC', desc: 'Quality control' }, 12],
  [{ code: 'BL', desc: 'Blocked' }, 8],
  [null, 18],
] as const;

// ---------------------------------------------------------------- helpers

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Thousandths to a decimal text with 3 decimals. */
function dec(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(Math.round(milli));
  return `${sign}${Math.floor(abs / 1000)}.${pad(abs % 1000, 3)}`;
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** GS1 check digit (EAN-13, SSCC): weights 3,1,… from the rightmost data digit. */
function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return String((10 - (sum % 10)) % 10);
}

function must<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data: missing ${String(key)}`);
  return value;
}

/** Multi-row inserts in chunks; returns what each chunk returned, in order. */
async function inChunks<R, O>(rows: readonly R[], insert: (chunk: R[]) => Promise<O[]>): Promise<O[]> {
  const out: O[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

/** The same, for inserts that return nothing. */
async function insertChunks<R>(
  rows: readonly R[],
  insert: (chunk: R[]) => PromiseLike<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

// ---------------------------------------------------------------- in-memory model

interface Company {
  index: number;
  id: number;
  spec: (typeof COMPANIES)[number];
}

interface Consignee {
  id: number;
  company: Company;
  vendors: Party[];
  customers: Party[];
  skus: Sku[];
}

interface Party {
  id: number;
  consignee: Consignee;
  externalCode: string;
  name: string;
  currencyId: number | null;
  addresses: { id: number; name: string }[];
}

interface Batch {
  code: string;
  mfgDate: string;
  expiryDate: string | null;
  expiryTime: number | null;
}

interface Sku {
  id: number;
  consignee: Consignee;
  uom: BaseUom;
  priceMilli: number;
  caseQty: number;
  batches: Batch[];
}

interface User {
  id: number;
  spec: UserSpec;
}

interface OrderEvent {
  userId: number | null;
  text: string | null;
  dict: Record<string, unknown> | null;
}

interface LinePlan {
  skuId: number;
  orderedQty: string | null;
  /** received (purchase) or delivered (sales) quantity */
  doneQty: string | null;
  salesQty: string | null;
  uomId: number;
  price: string | null;
  batch: string | null;
  expiryDate: string | null;
}

interface OrderPlan {
  kind: Kind;
  progress: Progress;
  consignee: Consignee;
  creation: number;
  modification: number;
  authorId: number | null;
  code: string;
  locationId: number | null;
  truckNumber: string | null;
  deliveryDate: string | null;
  currencyId: number | null;
  isReturn: boolean;
  status: Status | null;
  failure: OrderFailure | null;
  partyId: number | null;
  addressId: number | null;
  reference: string | null;
  sales: {
    deliveryAddressId: number | null;
    deliveryName: string | null;
    dueDays: string | null;
    comments: string | null;
    selfPicking: boolean;
    vatTaxReq: boolean;
  } | null;
  lines: LinePlan[];
  events: OrderEvent[];
}

/** One comment to insert, with what its notifications need. */
interface CommentPlan {
  discussionId: number;
  companyIndex: number;
  userId: number | null;
  text: string | null;
  dict: Record<string, unknown> | null;
  time: number;
  ntfyType: NotificationType;
  /** Who may be notified (before the author and the users' own choice of types are taken out). */
  audience: readonly User[];
}

// ---------------------------------------------------------------- loader

/**
 * Loads the demo data set into a database that has the reference data (loaded here too, if
 * missing) and no demo rows yet. Deterministic: the same rows every run, dates relative to `now`.
 */
export async function loadDemoData(db: Db, options: { now?: Date } = {}): Promise<void> {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000;
  const passwords = [...new Set([...DEMO_ACCOUNTS.map((account) => account.password), DEMO_USER_PASSWORD])];
  const hashed = await Promise.all(passwords.map((password) => hashPassword(password)));
  const hashes = new Map(passwords.map((password, i) => [password, hashed[i] as string]));
  await db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await new DemoLoader(tx, now, hashes).run();
  });
}

class DemoLoader {
  private readonly random = new Random(SEED);
  private currencies = new Map<string, number>();
  private uoms = new Map<string, number>();
  private locationIds: number[] = [];
  private emailRates = new Map<number, number>();
  private companies: Company[] = [];
  private consignees: Consignee[] = [];
  private skus: Sku[] = [];
  private users: User[] = [];
  private comments: CommentPlan[] = [];
  private batchSequence = 0;
  private ssccSequence = 0;
  private eanSequence = 0;

  constructor(
    private readonly tx: Executor,
    private readonly now: number,
    private readonly hashes: Map<string, string>,
  ) {}

  async run(): Promise<void> {
    await this.loadReference();
    await this.insertCompanies();
    await this.insertParties('vendor');
    await this.insertParties('customer');
    await this.insertSkus();
    await this.insertStock();
    await this.insertUsers();
    await this.insertOrders('purch');
    await this.insertOrders('sales');
    await this.insertCompanyDiscussions();
    await this.insertComments();
    await this.insertReports();
  }

  private async loadReference(): Promise<void> {
    const { tx } = this;
    for (const row of await tx.select().from(t.currencies)) this.currencies.set(row.code, row.id);
    for (const row of await tx.select().from(t.uoms)) this.uoms.set(row.name, row.id);
    for (const row of await tx.select().from(t.emailRates)) this.emailRates.set(row.minutes, row.id);
    const locations = await tx.select().from(t.locations).orderBy(t.locations.id);
    this.locationIds = locations.map((row) => row.id);
  }

  // -------------------------------------------------------------- companies and catalogs

  private async insertCompanies(): Promise<void> {
    const { tx } = this;
    const companyRows = await tx
      .insert(t.companies)
      .values(COMPANIES.map((spec) => ({ code: spec.code, name: spec.name })))
      .returning({ id: t.companies.id });
    this.companies = COMPANIES.map((spec, index) => ({ index, spec, id: companyRows[index]!.id }));
    const lineRows = await tx
      .insert(t.businessLines)
      .values(BUSINESS_LINES.map((name) => ({ name })))
      .returning({ id: t.businessLines.id });
    const plans = this.companies.flatMap((company) =>
      BUSINESS_LINES.map((line, lineIndex) => ({
        company,
        row: {
          companyId: company.id,
          businessLineId: lineRows[lineIndex]!.id,
          code: `${company.spec.code}-${lineIndex + 1}`,
          name: `${company.spec.short} ${line}`,
        },
      })),
    );
    const consigneeRows = await tx
      .insert(t.consignees)
      .values(plans.map((plan) => plan.row))
      .returning({ id: t.consignees.id });
    this.consignees = plans.map((plan, i) => ({
      id: consigneeRows[i]!.id,
      company: plan.company,
      vendors: [],
      customers: [],
      skus: [],
    }));
  }

  private partyName(used: Set<string>): { name: string; country: keyof typeof LEGAL_FORMS } {
    const { random } = this;
    for (;;) {
      const country = random.pick(['LV', 'LV', 'LT', 'EE'] as const);
      const name = `${LEGAL_FORMS[country]} ${random.pick(PARTY_CORES)} ${random.pick(PARTY_SUFFIXES)}`;
      if (used.has(name)) continue;
      used.add(name);
      return { name, country };
    }
  }

  private async insertParties(kind: 'vendor' | 'customer'): Promise<void> {
    const { random, tx } = this;
    const table = kind === 'vendor' ? t.vendors : t.customers;
    const count = kind === 'vendor' ? COUNTS.vendors : COUNTS.customers;
    const used = new Set<string>();
    const plans = Array.from({ length: count }, (_, i) => {
      const consignee = this.consignees[i % this.consignees.length]!;
      const { name, country } = this.partyName(used);
      const currency = random.chance(0.5)
        ? random.weighted([
            ['EUR', 8],
            ['USD', 1],
            ['GBP', 1],
          ] as const)
        : null;
      return {
        consignee,
        country,
        row: {
          consigneeId: consignee.id,
          externalCode: `${kind === 'vendor' ? 'V' : 'C'}${pad(i + 1, 4)}`,
          name,
          defaultCurrencyId: currency ? must(this.currencies, currency) : null,
        },
      };
    });
    const rows = await tx
      .insert(table)
      .values(plans.map((plan) => plan.row))
      .returning({ id: table.id });
    const parties = plans.map((plan, i): Party => {
      const party: Party = {
        id: rows[i]!.id,
        consignee: plan.consignee,
        externalCode: plan.row.externalCode,
        name: plan.row.name,
        currencyId: plan.row.defaultCurrencyId,
        addresses: [],
      };
      (kind === 'vendor' ? plan.consignee.vendors : plan.consignee.customers).push(party);
      return party;
    });

    const addressPlans = parties.flatMap((party, i) => {
      const country = plans[i]!.country;
      const place = STREETS[country];
      const howMany = random.weighted([
        [1, 40],
        [2, 35],
        [3, 25],
      ] as const);
      return random.sample(ADDRESS_KINDS[kind], howMany).map((label, k) => ({
        party,
        row: {
          vendorId: kind === 'vendor' ? party.id : null,
          customerId: kind === 'customer' ? party.id : null,
          code: `${party.externalCode}-${k + 1}`,
          name: `${label}, ${random.pick(place.streets)} ${random.int(1, 140)}, ${random.pick(place.cities)}, ${place.post(random.int(0, 99_999))}`,
        },
      }));
    });
    const addressRows = await inChunks(addressPlans, (chunk) =>
      tx
        .insert(t.addresses)
        .values(chunk.map((plan) => plan.row))
        .returning({ id: t.addresses.id }),
    );
    addressPlans.forEach((plan, i) => {
      plan.party.addresses.push({ id: addressRows[i]!.id, name: plan.row.name });
    });
  }

  private ean(company: Company): string {
    this.eanSequence += this.random.int(1, 9);
    // 7-digit company prefix + 5-digit item reference + check digit
    const digits = `${company.spec.gs1}${pad(this.eanSequence % 100_000, 5)}`;
    return digits + gs1CheckDigit(digits);
  }

  private sscc(): string {
    this.ssccSequence += this.random.int(1, 40);
    // extension digit + 7-digit company prefix + 9-digit serial + check digit
    const digits = `${this.random.int(0, 9)}4750999${pad(100_000_000 + this.ssccSequence, 9)}`;
    return digits + gs1CheckDigit(digits);
  }

  private batches(type: ProductType): Batch[] {
    const { random, now } = this;
    return Array.from({ length: random.int(1, 4) }, () => {
      const age = type.expiry
        ? random.int(1, Math.max(2, Math.min(400, Math.round(type.expiry * 0.9))))
        : random.int(10, 400);
      const mfgTime = now - age * DAY;
      const expiryTime = type.expiry ? mfgTime + type.expiry * DAY : null;
      this.batchSequence += random.int(1, 7);
      return {
        code: `B${new Date(mfgTime).getUTCFullYear()}-${pad(this.batchSequence % 10_000, 4)}`,
        mfgDate: isoDate(mfgTime),
        expiryDate: expiryTime === null ? null : isoDate(expiryTime),
        expiryTime,
      };
    });
  }

  private async insertSkus(): Promise<void> {
    const { random, tx } = this;
    const namesByCompany = new Map<number, Set<string>>();
    type SkuInsert = typeof t.skus.$inferInsert;
    const plans: { sku: Omit<Sku, 'id'>; type: ProductType; row: SkuInsert }[] = [];
    let sequence = 0;
    for (const consignee of this.consignees) {
      const company = consignee.company;
      const used = namesByCompany.get(company.index) ?? new Set<string>();
      namesByCompany.set(company.index, used);
      for (let k = 0; k < COUNTS.skusPerConsignee; k++) {
        sequence++;
        let type: ProductType;
        let name: string;
        do {
          type = random.pick(company.spec.catalog);
          const brand = random.pick(company.spec.brands);
          const size = random.pick(type.sizes);
          name = size === 'by weight' ? `${brand} ${type.name}, by weight` : `${brand} ${type.name} ${size}`;
        } while (used.has(name));
        used.add(name);
        const uom = type.uom ?? 'pcs';
        const priceMilli = random.int(Math.round(type.price[0] * 100), Math.round(type.price[1] * 100)) * 10;
        const caseQty = uom === 'pcs' ? random.pick([6, 8, 10, 12, 20, 24]) : random.pick([1, 2, 4]);
        const expiry = type.expiry ?? null;
        const temp = type.temp ?? null;
        const alcohol = type.alcohol;
        plans.push({
          type,
          sku: { consignee, uom, priceMilli, caseQty, batches: this.batches(type) },
          row: {
            consigneeId: consignee.id,
            code: `SKU${pad(100_000 + sequence * 7, 6)}`,
            externalCode: `${company.spec.code}-${pad(10_000 + sequence, 5)}`,
            name,
            manufacturerExpire: expiry,
            receiveExpire: expiry === null ? null : Math.max(1, Math.round(expiry * 0.7)),
            shipExpire: expiry === null ? null : Math.max(1, Math.round(expiry * 0.3)),
            receiveTempMin: temp ? temp[0] : null,
            receiveTempMax: temp ? temp[1] : null,
            vendorId: random.chance(0.85) ? random.pick(consignee.vendors).id : null,
            commodityCode: type.hs,
            productionCountry: random.pick(COUNTRIES),
            price: dec(priceMilli),
            vatRate: dec((type.vat ?? 21) * 1000),
            classCode: random.weighted([
              ['A', 2],
              ['B', 3],
              ['C', 5],
            ] as const),
            orderMin: uom === 'pcs' ? dec((random.chance(0.5) ? caseQty : 1) * 1000) : dec(1000),
            orderStep: uom === 'pcs' ? dec((random.chance(0.4) ? caseQty : 1) * 1000) : dec(500),
            exciseCode: type.excise ?? null,
            alcoholPercent: alcohol ? dec(random.int(alcohol[0] * 10, alcohol[1] * 10) * 100) : null,
          },
        });
      }
    }
    const rows = await inChunks(plans, (chunk) =>
      tx
        .insert(t.skus)
        .values(chunk.map((plan) => plan.row))
        .returning({ id: t.skus.id }),
    );
    this.skus = plans.map((plan, i) => {
      const sku: Sku = { ...plan.sku, id: rows[i]!.id };
      plan.sku.consignee.skus.push(sku);
      return sku;
    });

    type PackagingInsert = typeof t.skuPackaging.$inferInsert;
    const packaging: PackagingInsert[] = [];
    const eans: (typeof t.skuEans.$inferInsert)[] = [];
    this.skus.forEach((sku) => {
      const levels = random.weighted([
        [1, 3],
        [2, 4],
        [3, 3],
      ] as const);
      // weights in thousandths of a kg, sizes in cm (as thousandths), volume in litres (as thousandths)
      const pieceNet = sku.uom === 'pcs' ? random.int(50, 3000) : 1000;
      const pieceGross = Math.round(pieceNet * 1.06) + 5;
      const w = random.int(4, 25);
      const h = random.int(5, 35);
      const l = random.int(3, 20);
      packaging.push({
        skuId: sku.id,
        code: 'PCS',
        netW: dec(pieceNet),
        grossW: dec(pieceGross),
        width: dec(w * 1000),
        height: dec(h * 1000),
        length: dec(l * 1000),
        volume: dec(w * h * l),
        pceQty: 1,
      });
      const caseNet = pieceNet * sku.caseQty;
      const caseGross = pieceGross * sku.caseQty + 300;
      if (levels >= 2) {
        const cw = random.int(25, 40);
        const ch = random.int(15, 35);
        const cl = random.int(30, 60);
        packaging.push({
          skuId: sku.id,
          code: 'BOX',
          netW: dec(caseNet),
          grossW: dec(caseGross),
          width: dec(cw * 1000),
          height: dec(ch * 1000),
          length: dec(cl * 1000),
          volume: dec(cw * ch * cl),
          pceQty: sku.caseQty,
        });
      }
      if (levels >= 3) {
        const cases = random.int(20, 80);
        const ph = random.int(100, 180);
        packaging.push({
          skuId: sku.id,
          code: 'PALLET',
          netW: dec(caseNet * cases),
          grossW: dec(caseGross * cases + 25_000),
          width: dec(80_000),
          height: dec(ph * 1000),
          length: dec(120_000),
          volume: dec(80 * ph * 120),
          pceQty: sku.caseQty * cases,
        });
      }
      const howManyEans = random.chance(0.4) ? 2 : 1;
      for (let k = 0; k < howManyEans; k++) {
        eans.push({ skuId: sku.id, eanText: this.ean(sku.consignee.company), eanTypeCode: 'EAN13' });
      }
    });
    await insertChunks(packaging, (chunk) => tx.insert(t.skuPackaging).values(chunk));
    await insertChunks(eans, (chunk) => tx.insert(t.skuEans).values(chunk));
  }

  private quantity(sku: Sku, uom: string): number {
    const { random } = this;
    if (uom === 'box') return random.int(1, 30) * 1000;
    if (sku.uom === 'pcs') {
      return (random.chance(0.7) ? random.int(1, 20) * sku.caseQty : random.int(1, 120)) * 1000;
    }
    return random.int(100, 40_000) * 5;
  }

  private async insertStock(): Promise<void> {
    const { random, tx, now } = this;
    const rows: (typeof t.stockRows.$inferInsert)[] = [];
    for (let i = 0; i < COUNTS.stockRows; i++) {
      const sku = i < this.skus.length ? this.skus[i]! : random.pick(this.skus);
      const batch = random.pick(sku.batches);
      const expired = batch.expiryTime !== null && batch.expiryTime < now;
      const status =
        expired && random.chance(0.7) ? { code: 'BL', desc: 'Blocked' } : random.weighted(STOCK_STATUSES);
      const sscc = random.chance(0.8) ? this.sscc() : null;
      const qty =
        sku.uom === 'pcs'
          ? (random.chance(0.6) ? random.int(1, 40) * sku.caseQty : random.int(1, 300)) * 1000
          : random.int(100, 80_000) * 5;
      rows.push({
        consigneeId: sku.consignee.id,
        skuId: sku.id,
        statusCode: status?.code ?? null,
        statusDesc: status?.desc ?? null,
        qty: dec(qty),
        uomId: must(this.uoms, sku.uom),
        expiryDate: batch.expiryDate,
        batch: batch.code,
        mfgDate: batch.mfgDate,
        locationId: random.pick(this.locationIds),
        sscc,
        size: sscc
          ? random.weighted([
              ['120x80', 6],
              ['120x100', 2],
              ['60x80', 2],
            ] as const)
          : random.chance(0.5)
            ? 'shelf'
            : null,
      });
    }
    await insertChunks(rows, (chunk) => tx.insert(t.stockRows).values(chunk));
  }

  // -------------------------------------------------------------- users

  private async insertUsers(): Promise<void> {
    const { random, tx, now } = this;
    const specs = [...ACCOUNT_SPECS, ...DEMO_USERS];
    const rows = await tx
      .insert(t.users)
      .values(
        specs.map((spec, i) => {
          const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === spec.username);
          return {
            username: spec.username,
            passwordHash: must(this.hashes, account ? account.password : DEMO_USER_PASSWORD),
            passwordExpired: false,
            fio: spec.fio,
            email: spec.email,
            lang: spec.lang,
            roleId: spec.role,
            excluded: spec.excluded ?? false,
            emailRateId: spec.emailRateMinutes === null ? null : must(this.emailRates, spec.emailRateMinutes),
            creationDate: new Date(now - (400 - i * 10) * DAY - random.int(0, 8 * 60) * MINUTE),
          };
        }),
      )
      .returning({ id: t.users.id });
    this.users = specs.map((spec, i) => ({ id: rows[i]!.id, spec }));
    await tx
      .insert(t.userCompanies)
      .values(
        this.users.flatMap((user) =>
          user.spec.companies.map((index) => ({ userId: user.id, companyId: this.companies[index]!.id })),
        ),
      );
    await tx
      .insert(t.userPermissions)
      .values(
        this.users.flatMap((user) => user.spec.permissions.map((permId) => ({ userId: user.id, permId }))),
      );
    await tx
      .insert(t.userNotificationTypes)
      .values(
        this.users.flatMap((user) =>
          user.spec.notificationTypes.map((ntfyId) => ({ userId: user.id, ntfyId })),
        ),
      );
  }

  /** Active users of a company, optionally only those with a permission. */
  private companyUsers(company: Company, permission?: Permission): User[] {
    return this.users.filter(
      (user) =>
        !user.spec.excluded &&
        user.spec.companies.includes(company.index) &&
        (!permission || user.spec.permissions.includes(permission)),
    );
  }

  // -------------------------------------------------------------- orders

  private creationAgo(progress: Progress): number {
    const range: Record<Progress, readonly [number, number]> = {
      draft: [0, 30],
      ready: [0, 14],
      sent: [0, 10],
      failure: [0, 20],
      sync: [3, 119],
      template: [30, 119],
    };
    const [min, max] = range[progress];
    const minutes = this.random.int(min * 24 * 60, max * 24 * 60 + 23 * 60);
    return this.now - Math.max(minutes, 30) * MINUTE;
  }

  private planOrder(kind: Kind, progress: Progress): OrderPlan {
    const { random, now } = this;
    const consignee = random.pick(this.consignees);
    const company = consignee.company;
    const permission: Permission = kind === 'purch' ? 'pord' : 'sord';
    const authors = this.companyUsers(company, permission);
    const author = authors.length ? random.pick(authors) : null;
    const creation = this.creationAgo(progress);
    const party = random.pick(kind === 'purch' ? consignee.vendors : consignee.customers);
    const address = random.pick(party.addresses);

    // A third of the drafts are incomplete in one way, so the problems list has something to show.
    const flaw =
      progress === 'draft' && random.chance(0.35)
        ? random.pick(['location', 'noDate', 'pastDate', 'party', 'address', 'qty', 'due'] as const)
        : null;

    let deliveryDate: string | null;
    if (progress === 'template') deliveryDate = null;
    else if (progress === 'draft' || progress === 'ready') {
      deliveryDate = isoDate(now + random.int(1, 21) * DAY);
      if (flaw === 'noDate') deliveryDate = null;
      if (flaw === 'pastDate') deliveryDate = isoDate(now - random.int(1, 5) * DAY);
    } else deliveryDate = isoDate(creation + random.int(2, 14) * DAY);

    let statusPath: readonly string[] = [];
    if (progress === 'sent') statusPath = ['NEW'];
    if (progress === 'sync') statusPath = random.weighted(SYNC_PATHS[kind]);
    const statuses = statusPath.map((code) => STATUS[kind][code]!);
    const finalStatus = statuses[statuses.length - 1] ?? null;
    const finalCode = finalStatus?.code;

    const skuCount = random.int(1, 6);
    const flawLine = flaw === 'qty' ? random.int(0, skuCount - 1) : -1;
    const lines = random.sample(consignee.skus, skuCount).map((sku, i): LinePlan => {
      const uom = sku.uom === 'pcs' && random.chance(0.15) ? 'box' : sku.uom;
      const ordered = this.quantity(sku, uom);
      const unitPrice = uom === 'box' ? sku.priceMilli * sku.caseQty : sku.priceMilli;
      const factor = kind === 'purch' ? random.int(55, 80) : random.int(100, 125);
      let done: number | null = null;
      const partial = () =>
        uom === 'kg' || uom === 'l'
          ? Math.round((ordered * random.int(80, 99)) / 100)
          : Math.floor((ordered / 1000) * (random.int(80, 99) / 100)) * 1000;
      if (finalCode === 'DONE' || finalCode === 'DLV' || finalCode === 'SHP') {
        done = random.chance(0.85) ? ordered : partial();
      } else if (finalCode === 'RCV' && random.chance(0.5)) {
        done = random.chance(0.6) ? ordered : partial();
      }
      const active = progress !== 'draft' && progress !== 'template';
      let batch: Batch | null = null;
      if (kind === 'sales' && active && random.chance(0.5)) {
        const fresh = sku.batches.filter((b) => b.expiryTime === null || b.expiryTime > now);
        if (fresh.length) batch = random.pick(fresh);
      }
      return {
        skuId: sku.id,
        orderedQty: i === flawLine ? null : dec(ordered),
        doneQty: done === null ? null : dec(done),
        salesQty: kind === 'sales' && active ? dec(ordered) : null,
        uomId: must(this.uoms, uom),
        price: dec(Math.round((unitPrice * factor) / 100)),
        batch: batch?.code ?? null,
        expiryDate: batch?.expiryDate ?? null,
      };
    });

    // What happened to the order, in order: progress moves and status changes, with a few user comments.
    const events: OrderEvent[] = [];
    const move = (from: string, to: string) =>
      events.push({ userId: null, text: null, dict: { code: 'order_progress_changed', old: from, new: to } });
    if (progress !== 'draft' && progress !== 'template') move('draft', 'ready');
    if (progress === 'sent' || progress === 'sync') move('ready', 'sent');
    if (progress === 'failure') move('ready', 'failure');
    if (progress === 'sync') move('sent', 'sync');
    for (let i = 1; i < statuses.length; i++) {
      events.push({
        userId: null,
        text: null,
        dict: { code: 'order_status_changed', old: statuses[i - 1], new: statuses[i] },
      });
    }
    const talkers = this.companyUsers(company, permission);
    const userComments =
      progress === 'draft' || progress === 'template' ? random.int(1, 2) : random.int(0, 2);
    for (let i = 0; i < userComments && talkers.length; i++) {
      const text = progress === 'template' ? random.pick(TEMPLATE_COMMENTS) : random.pick(ORDER_COMMENTS);
      events.splice(random.int(0, events.length), 0, { userId: random.pick(talkers).id, text, dict: null });
    }

    const sales =
      kind === 'sales'
        ? {
            deliveryAddressId: random.chance(0.7) ? address.id : random.pick(party.addresses).id,
            deliveryName: random.chance(0.6) ? party.name : null,
            dueDays: flaw === 'due' ? null : dec(random.pick([7, 14, 30, 45, 60]) * 1000),
            comments: random.chance(0.3)
              ? random.pick([
                  'Deliver between 8:00 and 16:00, call before arrival.',
                  'Unload at gate 3.',
                  'Fragile — do not stack more than two pallets.',
                  'Documents in two copies, please.',
                ])
              : null,
            selfPicking: random.chance(0.1),
            vatTaxReq: random.chance(0.25),
          }
        : null;

    return {
      kind,
      progress,
      consignee,
      creation,
      modification: creation,
      authorId: author?.id ?? null,
      code: '',
      locationId: flaw === 'location' ? null : random.pick(this.locationIds),
      truckNumber:
        progress !== 'template' && random.chance(kind === 'purch' ? 0.6 : 0.3)
          ? `${random.pick(['KA', 'HT', 'LB', 'MK', 'JN', 'GR'])}-${random.int(1000, 9999)}`
          : null,
      deliveryDate,
      currencyId: party.currencyId ?? (random.chance(0.85) ? must(this.currencies, 'EUR') : null),
      isReturn: progress !== 'template' && random.chance(0.05),
      status: finalStatus,
      failure: progress === 'failure' ? failureOf(random.pick(FAILURE_CODES)) : null,
      partyId: flaw === 'party' ? null : party.id,
      addressId: flaw === 'party' || flaw === 'address' ? null : address.id,
      reference: random.chance(0.6)
        ? kind === 'purch'
          ? `SO-${random.int(10_000, 99_999)}`
          : `PO ${random.int(1000, 9999)}/${random.int(10, 99)}`
        : null,
      sales,
      lines,
      events,
    };
  }

  /** Spreads the events between the creation and now, earlier rather than later; returns their times. */
  private eventTimes(creation: number, count: number): number[] {
    const span = this.now - creation;
    const fractions = Array.from({ length: count }, () => this.random.next() ** 1.5).sort((a, b) => a - b);
    return fractions.map((fraction) =>
      Math.min(this.now, creation + Math.max(MINUTE, Math.round((span * fraction) / 1000) * 1000)),
    );
  }

  private async insertOrders(kind: Kind): Promise<void> {
    const { tx } = this;
    const progressList = this.random.shuffle(
      (Object.entries(COUNTS.progress) as [Progress, number][]).flatMap(([progress, count]) =>
        Array.from({ length: count }, () => progress),
      ),
    );
    const plans = progressList.map((progress) => this.planOrder(kind, progress));
    plans.sort((a, b) => a.creation - b.creation);
    const prefix = kind === 'purch' ? 'PO' : 'SO';
    const perYear = new Map<number, number>();
    let templates = 0;
    for (const plan of plans) {
      if (plan.progress === 'template') plan.code = `${prefix}-TPL-${pad(++templates, 3)}`;
      else {
        const year = new Date(plan.creation).getUTCFullYear();
        const n = (perYear.get(year) ?? 0) + 1;
        perYear.set(year, n);
        plan.code = `${prefix}-${year}-${pad(n, 5)}`;
      }
    }
    const times = plans.map((plan) => this.eventTimes(plan.creation, plan.events.length));
    plans.forEach((plan, i) => {
      const last = times[i]![times[i]!.length - 1];
      plan.modification = last ?? Math.min(this.now, plan.creation + this.random.int(1, 120) * MINUTE);
    });

    const common = (plan: OrderPlan) => ({
      consigneeId: plan.consignee.id,
      externalCode: plan.code,
      locationId: plan.locationId,
      truckNumber: plan.truckNumber,
      deliveryDate: plan.deliveryDate,
      currencyId: plan.currencyId,
      isReturn: plan.isReturn,
      isTemplate: plan.progress === 'template',
      progress: plan.progress,
      statusCode: plan.status?.code ?? null,
      statusDesc: plan.status?.desc ?? null,
      failureReason: plan.failure?.reason ?? null,
      failureCause: plan.failure?.cause ?? null,
      authorId: plan.authorId,
      creationDate: new Date(plan.creation),
      modificationDate: new Date(plan.modification),
    });

    let headIds: number[];
    if (kind === 'purch') {
      const rows = await inChunks(plans, (chunk) =>
        tx
          .insert(t.purchHeads)
          .values(
            chunk.map((plan) => ({
              ...common(plan),
              vendorId: plan.partyId,
              vendorAddressId: plan.addressId,
              vendorReference: plan.reference,
            })),
          )
          .returning({ id: t.purchHeads.id }),
      );
      headIds = rows.map((row) => row.id);
      const lines = plans.flatMap((plan, i) =>
        plan.lines.map((line, position) => ({
          headId: headIds[i]!,
          position: position + 1,
          skuId: line.skuId,
          orderedQty: line.orderedQty,
          receivedQty: line.doneQty,
          uomId: line.uomId,
          price: line.price,
        })),
      );
      await insertChunks(lines, (chunk) => tx.insert(t.purchLines).values(chunk));
    } else {
      const rows = await inChunks(plans, (chunk) =>
        tx
          .insert(t.salesHeads)
          .values(
            chunk.map((plan) => ({
              ...common(plan),
              customerId: plan.partyId,
              customerAddressId: plan.addressId,
              customerReference: plan.reference,
              ...plan.sales,
            })),
          )
          .returning({ id: t.salesHeads.id }),
      );
      headIds = rows.map((row) => row.id);
      const lines = plans.flatMap((plan, i) =>
        plan.lines.map((line, position) => ({
          headId: headIds[i]!,
          position: position + 1,
          skuId: line.skuId,
          orderedQty: line.orderedQty,
          salesQty: line.salesQty,
          deliveredQty: line.doneQty,
          uomId: line.uomId,
          price: line.price,
          batch: line.batch,
          expiryDate: line.expiryDate,
        })),
      );
      await insertChunks(lines, (chunk) => tx.insert(t.salesLines).values(chunk));
    }

    // Ready orders wait for the warehouse link like any other: it sends them as soon as the server runs.
    await enqueueSends(
      tx,
      kind,
      headIds.filter((_, i) => plans[i]!.progress === 'ready'),
    );

    // An order's discussion is stored under the order's code; readers see it named in their language.
    const discussions = plans.map((plan, i) => ({
      companyId: plan.consignee.company.id,
      name: plan.code,
      visibility: 'order',
      authorId: plan.authorId,
      purchHeadId: kind === 'purch' ? headIds[i]! : null,
      salesHeadId: kind === 'sales' ? headIds[i]! : null,
      creationDate: new Date(plan.creation),
      modificationDate: new Date(plan.modification),
    }));
    const discussionRows = await inChunks(discussions, (chunk) =>
      tx.insert(t.discussions).values(chunk).returning({ id: t.discussions.id }),
    );
    const permission: Permission = kind === 'purch' ? 'pord' : 'sord';
    plans.forEach((plan, i) => {
      const audience = this.companyUsers(plan.consignee.company, permission);
      plan.events.forEach((event, k) => {
        this.comments.push({
          discussionId: discussionRows[i]!.id,
          companyIndex: plan.consignee.company.index,
          userId: event.userId,
          text: event.text,
          dict: event.dict,
          time: times[i]![k]!,
          // Moves (system comments) notify as their own type, colleagues' messages as the kind's.
          ntfyType: event.dict ? 'omov' : kind === 'purch' ? 'pord' : 'sord',
          audience,
        });
      });
    });
  }

  // -------------------------------------------------------------- company discussions

  private async insertCompanyDiscussions(): Promise<void> {
    const { random, tx, now } = this;
    const admin = this.users.find((user) => user.spec.role === 99)!;
    const plans = this.companies.flatMap((company) => {
      const people = this.companyUsers(company);
      const managers = people.filter((user) => user.spec.role >= 7);
      return COMPANY_DISCUSSIONS.map((discussion, index) => {
        let author: User;
        let members: User[] = [];
        if (discussion.visibility === 'broadcast') {
          author = index === 0 ? admin : random.pick(managers.length ? managers : people);
        } else {
          author = random.pick(people);
          const others = people.filter((user) => user !== author);
          const chosen = random.sample(
            others,
            discussion.visibility === 'normal' ? random.int(2, 3) : random.int(1, 2),
          );
          members = [author, ...chosen];
          if (discussion.visibility === 'private' && random.chance(0.5)) members.push(admin);
        }
        const creation = now - random.int(5 * 24 * 60, 60 * 24 * 60) * MINUTE;
        const end = random.chance(0.6)
          ? now - random.int(30, 72 * 60) * MINUTE
          : creation + (now - creation) * 0.6;
        const speakers = discussion.visibility === 'broadcast' ? [author, ...people] : members;
        let previous = author;
        const comments = discussion.comments.map((text, k) => {
          let speaker = author;
          if (k > 0) {
            const candidates = speakers.filter((user) => user !== previous);
            speaker = candidates.length ? random.pick(candidates) : previous;
          }
          previous = speaker;
          const time =
            k === 0
              ? creation
              : creation +
                Math.round(((end - creation) * (k / (discussion.comments.length - 1))) / 1000) * 1000;
          return { text, userId: speaker.id, time };
        });
        const audience = discussion.visibility === 'broadcast' ? people : members;
        return { company, discussion, author, members, comments, creation, audience };
      });
    });

    const rows = await tx
      .insert(t.discussions)
      .values(
        plans.map((plan) => ({
          companyId: plan.company.id,
          name: plan.discussion.name,
          visibility: plan.discussion.visibility,
          authorId: plan.author.id,
          creationDate: new Date(plan.creation),
          modificationDate: new Date(plan.comments[plan.comments.length - 1]?.time ?? plan.creation),
        })),
      )
      .returning({ id: t.discussions.id });
    const members = plans.flatMap((plan, i) =>
      plan.members.map((user) => ({ discussionId: rows[i]!.id, userId: user.id })),
    );
    if (members.length) await tx.insert(t.discussionMembers).values(members);
    const types = { broadcast: 'bcst', normal: 'nrml', private: 'prvt' } as const;
    plans.forEach((plan, i) => {
      for (const comment of plan.comments) {
        this.comments.push({
          discussionId: rows[i]!.id,
          companyIndex: plan.company.index,
          userId: comment.userId,
          text: comment.text,
          dict: null,
          time: comment.time,
          ntfyType: types[plan.discussion.visibility],
          audience: plan.audience,
        });
      }
    });
  }

  // -------------------------------------------------------------- comments and notifications

  private async insertComments(): Promise<void> {
    const { random, tx, now } = this;
    const comments = [...this.comments].sort((a, b) => a.time - b.time || a.discussionId - b.discussionId);
    const rows = await inChunks(comments, (chunk) =>
      tx
        .insert(t.comments)
        .values(
          chunk.map((comment) => ({
            discussionId: comment.discussionId,
            userId: comment.userId,
            text: comment.text,
            dict: comment.dict,
            creationDate: new Date(comment.time),
          })),
        )
        .returning({ id: t.comments.id }),
    );

    // Notifications of the last ten days: older ones nearly all seen, the last day's mostly not.
    const notifications: (typeof t.notifications.$inferInsert)[] = [];
    comments.forEach((comment, i) => {
      const age = now - comment.time;
      if (age > 10 * DAY) return;
      for (const user of comment.audience) {
        if (user.id === comment.userId || !user.spec.notificationTypes.includes(comment.ntfyType)) continue;
        const seen = age > DAY ? random.chance(0.95) : random.chance(0.4);
        const emailed =
          user.spec.emailRateMinutes !== null &&
          age > user.spec.emailRateMinutes * MINUTE &&
          random.chance(0.8);
        notifications.push({
          userId: user.id,
          commentId: rows[i]!.id,
          ntfyType: comment.ntfyType,
          seen,
          emailed,
          creationDate: new Date(comment.time),
        });
      }
    });
    await insertChunks(notifications, (chunk) => tx.insert(t.notifications).values(chunk));
  }

  private async insertReports(): Promise<void> {
    await this.tx.insert(t.reports).values(
      REPORTS.map((report) => ({
        companyId: this.companies[report.company]!.id,
        name: report.name,
        url: report.url,
      })),
    );
  }
}
