import {
  catalogs as catalog,
  computeProblems,
  orders,
  parseDecimal,
  quantityFitsUnit,
  today,
} from '@extranet/contract';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { companyCondition } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import {
  addresses,
  consignees,
  currencies,
  customers,
  importMappings,
  locations,
  purchHeads,
  salesHeads,
  skus,
  uoms,
  vendors,
} from '../../db/schema';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import type { Actor } from '../../http/session';
import { createOrderDiscussions } from '../discussions/order-discussions';
import { mapColumns, readTable } from './orders.import-file';
import { move } from './orders.moves';
import { insertHeads, insertLines } from './orders.repository';
import { enqueueSends } from './orders.sends';

dayjs.extend(customParseFormat);

/**
 * Orders from a spreadsheet: read, resolved against the catalogs the user may see,
 * checked row by row, and written in one transaction or not at all (contract orders.ts 'import').
 */

type OrderKind = orders.OrderKind;
type Column = orders.ImportColumn | 'due_days';
type Problem = orders.ImportProblem;

const DATE_FORMATS = ['YYYY-MM-DD', 'DD.MM.YYYY', 'D.M.YYYY', 'DD/MM/YYYY'];

// ---------------------------------------------------------------- values

export function parseDate(text: string): string | null {
  const date = dayjs(text, DATE_FORMATS, true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}

// ---------------------------------------------------------------- resolving

interface Catalogs {
  consignees: { id: number; code: string; name: string }[];
  parties: { id: number; consigneeId: number; externalCode: string }[];
  addresses: { id: number; ownerId: number; code: string; name: string }[];
  skus: { id: number; consigneeId: number; externalCode: string; uomId: number | null }[];
  currencies: Map<string, number>;
  locations: Map<string, number>;
  /** A unit's id by the code a file gives (contract `unitMatcher`), and each unit's code by id. */
  uomOf: (text: string) => number | undefined;
  uomCodes: Map<number, string>;
  taken: Set<string>;
}

async function loadCatalogs(
  db: Executor,
  actor: Actor,
  kind: OrderKind,
  rows: Map<Column, string>[],
): Promise<Catalogs> {
  const party = kind === 'purch' ? vendors : customers;
  const values = (column: Column) => [...new Set(rows.map((row) => row.get(column) ?? '').filter(Boolean))];
  const consigneeTexts = values('consignee');
  const consigneeRows = consigneeTexts.length
    ? await db
        .select({ id: consignees.id, code: consignees.code, name: consignees.name })
        .from(consignees)
        .where(
          and(
            companyCondition(actor, consignees.companyId),
            or(inArray(consignees.code, consigneeTexts), inArray(consignees.name, consigneeTexts)),
          ),
        )
    : [];
  const consigneeIds = consigneeRows.map((row) => row.id);
  const partyCodes = values(kind === 'purch' ? 'vendor' : 'customer');
  const parties =
    consigneeIds.length && partyCodes.length
      ? await db
          .select({ id: party.id, consigneeId: party.consigneeId, externalCode: party.externalCode })
          .from(party)
          .where(and(inArray(party.consigneeId, consigneeIds), inArray(party.externalCode, partyCodes)))
      : [];
  const owner = kind === 'purch' ? addresses.vendorId : addresses.customerId;
  const addressRows = parties.length
    ? await db
        .select({ id: addresses.id, ownerId: owner, code: addresses.code, name: addresses.name })
        .from(addresses)
        .where(
          inArray(
            owner,
            parties.map((row) => row.id),
          ),
        )
    : [];
  const skuCodes = values('sku');
  const skuRows =
    consigneeIds.length && skuCodes.length
      ? await db
          .select({
            id: skus.id,
            consigneeId: skus.consigneeId,
            externalCode: skus.externalCode,
            uomId: skus.uomId,
          })
          .from(skus)
          .where(and(inArray(skus.consigneeId, consigneeIds), inArray(skus.externalCode, skuCodes)))
      : [];
  const heads = kind === 'purch' ? purchHeads : salesHeads;
  const codes = values('external_code');
  const taken =
    consigneeIds.length && codes.length
      ? await db
          .select({ consigneeId: heads.consigneeId, code: heads.externalCode })
          .from(heads)
          .where(
            and(
              inArray(heads.consigneeId, consigneeIds),
              inArray(heads.externalCode, codes),
              isNull(heads.excludedAt),
            ),
          )
      : [];
  const byName = async <T extends { id: number; key: string }>(query: Promise<T[]>) =>
    new Map((await query).map((row) => [row.key, row.id]));
  const units = await db.select({ id: uoms.id, code: uoms.name }).from(uoms);
  return {
    consignees: consigneeRows,
    parties,
    addresses: addressRows.map((row) => ({ ...row, ownerId: row.ownerId! })),
    skus: skuRows,
    currencies: await byName(db.select({ id: currencies.id, key: currencies.code }).from(currencies)),
    locations: await byName(db.select({ id: locations.id, key: locations.label }).from(locations)),
    uomOf: catalog.unitMatcher(units.map((unit) => [unit.code, unit.id] as const)),
    uomCodes: new Map(units.map((unit) => [unit.id, unit.code])),
    taken: new Set(taken.map((row) => `${row.consigneeId}\u0000${row.code}`)),
  };
}

const HEADER_COLUMNS: Column[] = [
  'consignee',
  'vendor',
  'customer',
  ...orders.IMPORT_HEAD_COLUMNS,
  'due_days',
];

interface PlannedLine {
  skuId: number;
  /** The SKU's external code, naming the line in the order's problems. */
  skuCode: string;
  orderedQty: string;
  uomId: number | null;
  price: string | null;
  batch: string | null;
  expiryDate: string | null;
}

interface PlannedOrder {
  externalCode: string;
  rows: number[];
  problems: Problem[];
  consigneeId: number | null;
  partyId: number | null;
  addressId: number | null;
  reference: string | null;
  deliveryDate: string | null;
  currencyId: number | null;
  locationId: number | null;
  truckNumber: string | null;
  dueDays: string | null;
  lines: PlannedLine[];
}

function planOrders(kind: OrderKind, rows: Map<Column, string>[], catalogs: Catalogs): PlannedOrder[] {
  const partyColumn: Column = kind === 'purch' ? 'vendor' : 'customer';
  const groups = new Map<string, { rows: Map<Column, string>[]; numbers: number[] }>();
  rows.forEach((row, i) => {
    const code = row.get('external_code') ?? '';
    const key = code || `\u0000${i}`;
    const group = groups.get(key) ?? { rows: [], numbers: [] };
    group.rows.push(row);
    group.numbers.push(i + 2);
    groups.set(key, group);
  });
  const todayText = today();
  return [...groups.values()].map(({ rows: groupRows, numbers }) => {
    const first = groupRows[0]!;
    const problems: Problem[] = [];
    const problem = (row: number, column: Column, code: orders.ImportProblemCode, value = '') =>
      problems.push({ row, column, code, value });
    const head = (column: Column) => first.get(column) ?? '';
    const firstRow = numbers[0]!;
    const externalCode = head('external_code');
    if (!externalCode) problem(firstRow, 'external_code', 'required');
    else if (externalCode.length > orders.ORDER_TEXT_LIMITS.externalCode) {
      problem(firstRow, 'external_code', 'too_long', externalCode);
    }
    // Header values come from the order's first row; another row may repeat them, not change them.
    groupRows.forEach((row, i) => {
      for (const column of HEADER_COLUMNS) {
        const value = row.get(column) ?? '';
        if (i > 0 && value && value !== head(column)) problem(numbers[i]!, column, 'header_differs', value);
      }
    });

    const consigneeText = head('consignee');
    const consignee =
      catalogs.consignees.find((row) => row.code === consigneeText) ??
      catalogs.consignees.find((row) => row.name === consigneeText);
    if (!consigneeText) problem(firstRow, 'consignee', 'required');
    else if (!consignee) problem(firstRow, 'consignee', 'consignee_unknown', consigneeText);
    if (consignee && externalCode && catalogs.taken.has(`${consignee.id}\u0000${externalCode}`)) {
      problem(firstRow, 'external_code', 'code_taken', externalCode);
    }

    const partyText = head(partyColumn);
    const party = consignee
      ? catalogs.parties.find((row) => row.consigneeId === consignee.id && row.externalCode === partyText)
      : undefined;
    if (partyText && consignee && !party) problem(firstRow, partyColumn, 'party_unknown', partyText);
    const addressText = head('address');
    const address = party
      ? (catalogs.addresses.find((row) => row.ownerId === party.id && row.code === addressText) ??
        catalogs.addresses.find((row) => row.ownerId === party.id && row.name === addressText))
      : undefined;
    if (addressText && party && !address) problem(firstRow, 'address', 'address_unknown', addressText);

    const lookup = (column: Column, map: Map<string, number>, code: orders.ImportProblemCode) => {
      const text = head(column);
      if (!text) return null;
      const id = map.get(text);
      if (id === undefined) problem(firstRow, column, code, text);
      return id ?? null;
    };
    const currencyId = lookup('currency', catalogs.currencies, 'currency_unknown');
    const locationId = lookup('location', catalogs.locations, 'location_unknown');
    const deliveryText = head('delivery_date');
    const deliveryDate = deliveryText ? parseDate(deliveryText) : null;
    if (deliveryText && !deliveryDate) problem(firstRow, 'delivery_date', 'date_invalid', deliveryText);
    else if (deliveryDate && deliveryDate < todayText)
      problem(firstRow, 'delivery_date', 'date_past', deliveryText);
    const text = (column: Column, max: number) => {
      const value = head(column);
      if (value.length > max) problem(firstRow, column, 'too_long', value);
      return value || null;
    };
    const reference = text('reference', orders.ORDER_TEXT_LIMITS.reference);
    const truckNumber = text('truck_number', orders.ORDER_TEXT_LIMITS.truckNumber);
    const dueText = head('due_days');
    const dueDays = dueText ? parseDecimal(dueText) : null;
    if (dueText && dueDays === null) problem(firstRow, 'due_days', 'number_invalid', dueText);

    const lines: PlannedLine[] = [];
    const seenSkus = new Set<number>();
    groupRows.forEach((row, i) => {
      const n = numbers[i]!;
      const skuText = row.get('sku') ?? '';
      const sku = consignee
        ? catalogs.skus.find((item) => item.consigneeId === consignee.id && item.externalCode === skuText)
        : undefined;
      if (!skuText) problem(n, 'sku', 'required');
      else if (consignee && !sku) problem(n, 'sku', 'sku_unknown', skuText);
      if (sku && seenSkus.has(sku.id)) problem(n, 'sku', 'sku_twice', skuText);
      if (sku) seenSkus.add(sku.id);
      const qtyText = row.get('qty') ?? '';
      const qty = qtyText ? parseDecimal(qtyText) : null;
      if (!qtyText) problem(n, 'qty', 'required');
      else if (qty === null) problem(n, 'qty', 'number_invalid', qtyText);
      const priceText = row.get('price') ?? '';
      const price = priceText ? parseDecimal(priceText) : null;
      if (priceText && price === null) problem(n, 'price', 'number_invalid', priceText);
      // Without a unit in the file (no column, or an empty cell) the line takes its SKU's unit.
      const uomText = row.get('uom') ?? '';
      const uomId = uomText ? (catalogs.uomOf(uomText) ?? null) : (sku?.uomId ?? null);
      if (uomText && uomId === null) problem(n, 'uom', 'uom_unknown', uomText);
      if (qty !== null && uomId !== null && !quantityFitsUnit(qty, catalogs.uomCodes.get(uomId) ?? null))
        problem(n, 'qty', 'qty_not_whole', qtyText);
      const batch = row.get('batch') || null;
      if (batch && batch.length > orders.ORDER_TEXT_LIMITS.batch) problem(n, 'batch', 'too_long', batch);
      const expiryText = row.get('expiry_date') ?? '';
      const expiryDate = expiryText ? parseDate(expiryText) : null;
      if (expiryText && !expiryDate) problem(n, 'expiry_date', 'date_invalid', expiryText);
      if (sku && qty !== null)
        lines.push({
          skuId: sku.id,
          skuCode: sku.externalCode,
          orderedQty: qty,
          uomId,
          price,
          batch,
          expiryDate,
        });
    });

    return {
      externalCode,
      rows: numbers,
      problems,
      consigneeId: consignee?.id ?? null,
      partyId: party?.id ?? null,
      addressId: address?.id ?? null,
      reference,
      deliveryDate,
      currencyId,
      locationId,
      truckNumber,
      dueDays,
      lines,
    };
  });
}

/** What keeps an order of the file from Set ready (the order's own problems, contract rules). */
function missingOf(kind: OrderKind, order: PlannedOrder): orders.Problem[] {
  return computeProblems(
    {
      kind,
      progress: 'draft',
      isTemplate: false,
      isReturn: false,
      locationId: order.locationId,
      deliveryDate: order.deliveryDate,
      partyId: order.partyId,
      addressId: order.addressId,
      dueDays: kind === 'sales' ? order.dueDays : undefined,
      lines: order.lines,
    },
    { today: today() },
  ).errors;
}

// ---------------------------------------------------------------- the call

export interface ImportOptions {
  file: { name: string; data: Buffer };
  dryRun: boolean;
  ready: boolean;
  /** Headers mapped in this request; they join (and override) the ones the user mapped before. */
  mapping: Record<string, string>;
}

/** The most headers remembered per user and kind. */
const MAX_REMEMBERED_HEADERS = 200;

/**
 * The headers the user mapped in their last import and the ones of this request: remembered on
 * the server, so a mapping made once serves every later file of that user, on any browser.
 */
async function mappingOf(db: Executor, actor: Actor, kind: OrderKind, given: Record<string, string>) {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.userId, actor.userId), eq(importMappings.kind, kind)));
  const merged = Object.entries({ ...row?.mapping, ...given });
  return Object.fromEntries(merged.slice(-MAX_REMEMBERED_HEADERS));
}

/** Remembers the mapping an import was written with (a preview writes nothing, this included). */
async function rememberMapping(db: Executor, actor: Actor, kind: OrderKind, mapping: Record<string, string>) {
  await db
    .insert(importMappings)
    .values({ userId: actor.userId, kind, mapping })
    .onConflictDoUpdate({
      target: [importMappings.userId, importMappings.kind],
      set: { mapping, modificationDate: sql`now()` },
    });
}

export async function importOrders({
  deps,
  actor,
  kind,
  ...options
}: ImportOptions & { deps: Deps; actor: Actor; kind: OrderKind }): Promise<orders.ImportOrdersResponse> {
  const { headers, body, tooMany } = await readTable(options.file);
  if (!headers) throw new AppError('import_file_unreadable', { reason: 'empty' });
  const mapping = await mappingOf(deps.db, actor, kind, options.mapping);
  const { index, columns, missing } = mapColumns(kind, headers, mapping);
  if (missing.length) throw new AppError('import_columns_missing', { columns: missing, found: columns });
  if (tooMany) {
    throw new AppError('import_too_many_rows', { max: orders.MAX_IMPORT_ROWS });
  }
  const rows = body.map(
    (cells) => new Map([...index].map(([column, i]) => [column, cells[i]?.trim() ?? ''])),
  );
  const planned = planOrders(kind, rows, await loadCatalogs(deps.db, actor, kind, rows));
  const refused = planned.some((order) => order.problems.length > 0);
  const headIds = new Map<PlannedOrder, number>();

  if (!refused && !options.dryRun && planned.length > 0) {
    await deps.db.transaction(async (tx) => {
      // A few statements for the whole file, not a few per order: on the embedded database the
      // transaction holds the one connection everybody shares.
      const purch = kind === 'purch';
      const ids = await insertHeads(
        tx,
        kind,
        planned.map((order) => ({
          consigneeId: order.consigneeId!,
          externalCode: order.externalCode,
          progress: 'draft' as const,
          authorId: actor.userId,
          ...(purch
            ? { vendorId: order.partyId, vendorAddressId: order.addressId, vendorReference: order.reference }
            : {
                customerId: order.partyId,
                customerAddressId: order.addressId,
                customerReference: order.reference,
                dueDays: order.dueDays,
              }),
          deliveryDate: order.deliveryDate,
          currencyId: order.currencyId,
          locationId: order.locationId,
          truckNumber: order.truckNumber,
        })),
      );
      const made = planned.map((order, i) => ({ order, headId: ids[i]! }));
      for (const { order, headId } of made) headIds.set(order, headId);
      await insertLines(
        tx,
        kind,
        made.map(({ order, headId }) => ({ headId, lines: order.lines })),
      );
      await createOrderDiscussions(
        tx,
        kind,
        made.map(({ order, headId }) => ({
          headId,
          consigneeId: order.consigneeId!,
          externalCode: order.externalCode,
          authorId: actor.userId,
        })),
      );
      const ready: number[] = [];
      for (const { order, headId } of made) {
        if (
          options.ready &&
          missingOf(kind, order).length === 0 &&
          (await move({ tx, kind, headId, from: 'draft', to: 'ready', by: actor }))
        ) {
          ready.push(headId);
        }
      }
      await enqueueSends(tx, kind, ready, deps.config.WMS_SEND_DELAY_MS);
      if (Object.keys(options.mapping).length > 0) await rememberMapping(tx, actor, kind, mapping);
    });
  }

  return {
    orders: planned.map((order) => {
      const missing = order.problems.length === 0 ? missingOf(kind, order) : [];
      return {
        external_code: order.externalCode,
        head_id: headIds.get(order) ?? null,
        rows: order.rows,
        problems: order.problems,
        complete: order.problems.length === 0 && missing.length === 0,
        missing,
      };
    }),
    created: headIds.size,
    columns,
  };
}
