import {
  computeProblems,
  hasProblemsToShow,
  type Language,
  lineSum,
  orders,
  orderTotal,
  quantityFitsUnit,
  type StockLot,
  today,
  type webhooks,
} from '@extranet/contract';
import { SYSTEM_ACTOR } from '../../access/system-actor';
import {
  assertAddressPermitted,
  assertConsigneePermitted,
  assertPartyPermitted,
  assertReferencesExist,
  assertSkusPermitted,
} from '../../access/tenancy';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import {
  addOrderSystemComment,
  createOrderDiscussion,
  renameOrderDiscussion,
} from '../discussions/order-discussions';
import { findOrderSlot } from './orders.documents';
import { orderChanges } from './orders.history';
import { listOrderRows, type OrderRowRecord } from './orders.list';
import {
  CODE_INDEX,
  copyLines,
  defaultUomId,
  excludeHead,
  externalCodeTaken,
  findOrderHead,
  findOrderLines,
  findStockLots,
  type HeadValues,
  insertHead,
  type LineValues,
  type OrderHeadRecord,
  type OrderLineRecord,
  replaceLines,
  soleConsigneeId,
  uomCodes,
  updateHead,
} from './orders.repository';
import { isSendClaimed } from './orders.sends';

type OrderKind = orders.OrderKind;
type OrderProgress = orders.OrderProgress;

export type OrderView<K extends OrderKind> = K extends 'purch' ? orders.PurchOrder : orders.SalesOrder;
export type OrderRow<K extends OrderKind> = K extends 'purch' ? orders.PurchOrderRow : orders.SalesOrderRow;
export type ListOrdersRequest<K extends OrderKind> = K extends 'purch'
  ? orders.ListPurchOrdersRequest
  : orders.ListSalesOrdersRequest;
export type EditOrderFields<K extends OrderKind> = K extends 'purch'
  ? orders.EditPurchOrderFields
  : orders.EditSalesOrderFields;

/** An empty optional text is stored as null; undefined (left out) stays undefined. */
function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value ? value : null;
}

function progressOf(value: string): OrderProgress {
  return value as OrderProgress;
}

/** Drafts and templates are the only orders a user changes (DESIGN.md §6). */
function isEditable(head: Pick<OrderHeadRecord, 'progress' | 'isTemplate'>): boolean {
  return head.progress === 'draft' || (head.isTemplate && head.progress === 'template');
}

export async function loadHead(
  db: Executor,
  actor: Actor,
  kind: OrderKind,
  headId: number,
  options: { forUpdate?: boolean } = {},
): Promise<OrderHeadRecord> {
  const head = await findOrderHead(db, actor, kind, headId, options);
  // Another company's order and a missing one answer the same (DESIGN.md §4).
  if (!head) throw new AppError('order_not_found', { head_id: headId });
  return head;
}

export function problemsOf(
  kind: OrderKind,
  head: OrderHeadRecord,
  lines: readonly OrderLineRecord[],
  stock?: readonly StockLot[],
) {
  return computeProblems(
    {
      kind,
      progress: progressOf(head.progress),
      isTemplate: head.isTemplate,
      isReturn: head.isReturn,
      locationId: head.locationId,
      deliveryDate: head.deliveryDate,
      partyId: head.partyId,
      addressId: head.addressId,
      dueDays: head.dueDays,
      lines: lines.map((line) => ({
        skuId: line.skuId,
        skuCode: line.skuCode,
        orderedQty: line.orderedQty,
        uomId: line.uomId,
        batch: line.batch,
        expiryDate: line.expiryDate,
      })),
    },
    { today: today(), stock },
  );
}

// ---------------------------------------------------------------- reading

function toRow<K extends OrderKind>(kind: K, row: OrderRowRecord): OrderRow<K> {
  const party = row.partyId === null ? null : { code: row.partyCode ?? '', name: row.partyName ?? '' };
  const common = {
    head_id: row.id,
    external_code: row.externalCode,
    warehouse_code: row.warehouseCode,
    progress: progressOf(row.progress),
    status: { code: row.statusCode, desc: row.statusDesc },
    failure_reason: row.failureReason,
    failure_code: row.failureCause?.code ?? null,
    failure_params: row.failureCause?.params ?? null,
    consignee_id: row.consigneeId,
    consignee: {
      name: row.consigneeName,
      business_line: { business_line_id: row.businessLineId, name: row.businessLineName },
    },
    creation_date: row.creationDate,
    delivery_date: row.deliveryDate,
    is_return: row.isReturn,
    is_template: row.isTemplate,
    lines_count: row.linesCount,
  };
  const result =
    kind === 'purch'
      ? { purch_head_id: row.id, ...common, vendor_id: row.partyId, vendor: party }
      : { sales_head_id: row.id, ...common, customer_id: row.partyId, customer: party };
  return result as OrderRow<K>;
}

export async function listOrders<K extends OrderKind>(options: {
  deps: Deps;
  actor: Actor;
  kind: K;
  input: ListOrdersRequest<K>;
}) {
  const { deps, actor, kind, input } = options;
  const filters = input.filters as orders.ListPurchOrdersRequest['filters'] &
    orders.ListSalesOrdersRequest['filters'];
  const { rows, total, nextCursor } = await listOrderRows(deps.db, actor, kind, {
    ...input,
    filters: {
      consigneeId: filters.consignee_id,
      partyId: kind === 'purch' ? filters.vendor_id : filters.customer_id,
      smart: filters.smart || undefined,
      creationDateFrom: filters.creation_date_from,
      creationDateTo: filters.creation_date_to,
      isTemplate: filters.is_template,
      progress: filters.progress,
      shippedWithoutTracking: filters.shipped_without_tracking,
      headIds: filters.head_ids,
    },
  });
  return toPage(
    rows.map((row) => toRow(kind, row)),
    input,
    total,
    nextCursor,
  );
}

function toView<K extends OrderKind>(
  kind: K,
  head: OrderHeadRecord,
  lines: readonly OrderLineRecord[],
  problems: orders.Problems,
  actor: Actor,
  extras: { isSendTaken?: boolean; slot: orders.OrderSlot | null },
): OrderView<K> {
  const isSendTaken = extras.isSendTaken ?? false;
  const sums = lines.map((line) => lineSum(line.orderedQty, line.price));
  const progress = progressOf(head.progress);
  const canUpdate = isEditable(head) && actor.permissions.has(orders.ORDER_PERMISSION[kind]);
  const party = head.partyId === null ? null : { code: head.partyCode ?? '', name: head.partyName ?? '' };
  const address = head.addressId === null ? null : { name: head.addressName ?? '' };
  const common = {
    head_id: head.id,
    external_code: head.externalCode,
    warehouse_code: head.warehouseCode,
    consignee_id: head.consigneeId,
    consignee: {
      name: head.consigneeName,
      business_line: { business_line_id: head.businessLineId, name: head.businessLineName },
    },
    location_id: head.locationId,
    location: head.locationId === null ? null : { label: head.locationLabel ?? '' },
    truck_number: head.truckNumber,
    delivery_date: head.deliveryDate,
    currency_id: head.currencyId,
    currency: head.currencyId === null ? null : { code: head.currencyCode ?? '' },
    is_return: head.isReturn,
    is_template: head.isTemplate,
    creation_date: head.creationDate,
    modification_date: head.modificationDate,
    progress,
    status: { code: head.statusCode, desc: head.statusDesc },
    failure_reason: head.failureReason,
    failure_code: head.failureCause?.code ?? null,
    failure_params: head.failureCause?.params ?? null,
    problems,
    can_update: canUpdate,
    can_ready: canUpdate && !head.isTemplate && progress === 'draft' && problems.errors.length === 0,
    // Once a worker has taken the send, the warehouse may have the order (DESIGN.md §6); an order
    // the warehouse refused goes back to draft to be fixed.
    can_unready: !head.isTemplate && ((progress === 'ready' && !isSendTaken) || progress === 'failure'),
    total: orderTotal(sums),
    slot: extras.slot,
  };
  const lineCommon = (line: OrderLineRecord, i: number) => ({
    line_id: line.id,
    sku_id: line.skuId,
    sku: { external_code: line.skuCode, name: line.skuName },
    ordered_qty: line.orderedQty,
    uom_id: line.uomId,
    uom: line.uomId === null ? null : { name: line.uomName ?? '' },
    price: line.price,
    ordered_sum: sums[i] ?? null,
  });
  if (kind === 'purch') {
    const view: orders.PurchOrder = {
      purch_head_id: head.id,
      ...common,
      vendor_id: head.partyId,
      vendor: party,
      vendor_address_id: head.addressId,
      vendor_address: address,
      vendor_reference: head.reference,
      received_on: head.receivedOn ?? null,
      lines: lines.map((line, i) => ({ ...lineCommon(line, i), received_qty: line.receivedQty ?? null })),
    };
    return view as OrderView<K>;
  }
  const view: orders.SalesOrder = {
    sales_head_id: head.id,
    ...common,
    customer_id: head.partyId,
    customer: party,
    customer_address_id: head.addressId,
    customer_address: address,
    customer_reference: head.reference,
    delivery_address_id: head.deliveryAddressId ?? null,
    delivery_address: head.deliveryAddressId == null ? null : { name: head.deliveryAddressName ?? '' },
    delivery_name: head.deliveryName ?? null,
    due_days: head.dueDays ?? null,
    comments: head.comments ?? null,
    self_picking: head.selfPicking ?? false,
    vat_tax_req: head.vatTaxReq ?? false,
    carrier: head.carrier ?? null,
    tracking_numbers: head.trackingNumbers ?? [],
    delivered_on: head.deliveredOn ?? null,
    delivery_signer: head.deliverySigner ?? null,
    lines: lines.map((line, i) => ({
      ...lineCommon(line, i),
      sales_qty: line.salesQty ?? null,
      delivered_qty: line.deliveredQty ?? null,
      batch: line.batch ?? null,
      expiry_date: line.expiryDate ?? null,
    })),
  };
  return view as OrderView<K>;
}

/** One order as the view screen shows it: a bounded number of queries whatever its size. */
export async function viewOrder<K extends OrderKind>(options: {
  deps: Deps;
  actor: Actor;
  kind: K;
  headId: number;
  lang?: Language;
}): Promise<OrderView<K>> {
  const { deps, actor, kind, headId, lang } = options;
  const head = await loadHead(deps.db, actor, kind, headId);
  const lines = await findOrderLines(deps.db, kind, head.id, lang);
  const skuIds = lines.map((line) => line.skuId);
  const stock =
    kind === 'sales' &&
    hasProblemsToShow({ isTemplate: head.isTemplate, progress: progressOf(head.progress) })
      ? await findStockLots(deps.db, skuIds, head.id)
      : undefined;
  const isSendTaken = head.progress === 'ready' && (await isSendClaimed(deps.db, kind, head.id));
  const slot = await findOrderSlot(deps.db, kind, head.id);
  return toView(kind, head, lines, problemsOf(kind, head, lines, stock), actor, { isSendTaken, slot });
}

export async function getAddOrderDefaults({
  deps,
  actor,
}: {
  deps: Deps;
  actor: Actor;
}): Promise<orders.AddOrderDefaults> {
  return { consignee_id: await soleConsigneeId(deps.db, actor), uom_id: await defaultUomId(deps.db) };
}

// ---------------------------------------------------------------- creating and changing

/** What a copy takes over from its source: the header as entered, never the warehouse's part. */
function copiedHeadValues(kind: OrderKind, source: OrderHeadRecord): HeadValues {
  const common: HeadValues = {
    locationId: source.locationId,
    truckNumber: source.truckNumber,
    // An old order's date would be in the past at once: the copy starts without one.
    deliveryDate: source.deliveryDate && source.deliveryDate >= today() ? source.deliveryDate : null,
    currencyId: source.currencyId,
    isReturn: source.isReturn,
  };
  if (kind === 'purch') {
    return {
      ...common,
      vendorId: source.partyId,
      vendorAddressId: source.addressId,
      vendorReference: source.reference,
    };
  }
  return {
    ...common,
    customerId: source.partyId,
    customerAddressId: source.addressId,
    customerReference: source.reference,
    deliveryAddressId: source.deliveryAddressId ?? null,
    deliveryName: source.deliveryName ?? null,
    dueDays: source.dueDays ?? null,
    comments: source.comments ?? null,
    selfPicking: source.selfPicking ?? false,
    vatTaxReq: source.vatTaxReq ?? false,
  };
}

export async function addOrder(options: {
  deps: Deps;
  actor: Actor;
  kind: OrderKind;
  fields: orders.AddOrderFields;
}): Promise<{ head_id: number }> {
  const { deps, actor, kind, fields } = options;
  return deps.db.transaction(async (tx) => {
    const consignee = await assertConsigneePermitted(tx, actor, fields.consignee_id);
    const externalCode = optionalText(fields.external_code) ?? null;
    if (externalCode && (await externalCodeTaken(tx, kind, consignee.id, externalCode))) {
      throw new AppError('order_code_dublicate', { external_code: externalCode });
    }
    let source: OrderHeadRecord | undefined;
    if (fields.template_id) {
      source = await findOrderHead(tx, actor, kind, fields.template_id);
      // Any order the user can read may be copied, but only into its own consignee: the lines
      // are that consignee's SKUs and the parties its vendors or customers.
      if (!source || source.consigneeId !== consignee.id) {
        throw new AppError('order_template_not_found', { template_id: fields.template_id });
      }
    }
    const values: HeadValues & { consigneeId: number } = {
      ...(source ? copiedHeadValues(kind, source) : {}),
      consigneeId: consignee.id,
      externalCode,
      isTemplate: fields.is_template,
      progress: fields.is_template ? 'template' : 'draft',
      authorId: actor.userId,
    };
    let headId: number;
    try {
      headId = await insertHead(tx, kind, values);
    } catch (error) {
      if (isUniqueViolation(error, CODE_INDEX[kind])) {
        throw new AppError('order_code_dublicate', { external_code: externalCode });
      }
      throw error;
    }
    if (source) await copyLines(tx, kind, source.id, headId);
    await createOrderDiscussion(tx, {
      kind,
      headId,
      consigneeId: consignee.id,
      externalCode,
      authorId: actor.userId,
    });
    return { head_id: headId };
  });
}

function duplicates(ids: readonly number[]): number[] {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  return [...repeated];
}

/**
 * Checks every id an edit references against the order's consignee and the actor's companies
 * (DESIGN.md §4) and returns the header values to write. A new vendor or customer without a new
 * address drops the old one, which was the previous party's.
 */
async function editedHeadValues(
  tx: Executor,
  actor: Actor,
  kind: OrderKind,
  head: OrderHeadRecord,
  fields: orders.EditPurchOrderFields & orders.EditSalesOrderFields,
): Promise<HeadValues> {
  const consigneeId = head.consigneeId;
  const partyField = kind === 'purch' ? fields.vendor_id : fields.customer_id;
  let addressField = kind === 'purch' ? fields.vendor_address_id : fields.customer_address_id;
  let deliveryField = kind === 'sales' ? fields.delivery_address_id : undefined;
  const partyId = partyField === undefined ? head.partyId : partyField;
  const partyChanged = partyField !== undefined && partyField !== head.partyId;
  if (partyChanged && addressField === undefined) addressField = null;
  if (kind === 'sales' && partyChanged && deliveryField === undefined) deliveryField = null;

  if (partyField != null) {
    await assertPartyPermitted(tx, actor, kind === 'purch' ? 'vendor' : 'customer', partyField, {
      consigneeId,
    });
  }
  const owner = kind === 'purch' ? { vendorId: partyId ?? 0 } : { customerId: partyId ?? 0 };
  if (addressField != null) await assertAddressPermitted(tx, actor, addressField, owner);
  if (deliveryField != null) await assertAddressPermitted(tx, actor, deliveryField, owner);
  await assertReferencesExist(tx, {
    currencyId: fields.currency_id,
    locationId: fields.location_id,
    uomIds: fields.lines?.map((line) => line.uom_id),
  });

  const common: HeadValues = {
    externalCode: optionalText(fields.external_code),
    locationId: fields.location_id,
    truckNumber: optionalText(fields.truck_number),
    deliveryDate: fields.delivery_date,
    currencyId: fields.currency_id,
    isReturn: fields.is_return,
  };
  const values: HeadValues =
    kind === 'purch'
      ? {
          ...common,
          vendorId: partyField,
          vendorAddressId: addressField,
          vendorReference: optionalText(fields.vendor_reference),
        }
      : {
          ...common,
          customerId: partyField,
          customerAddressId: addressField,
          customerReference: optionalText(fields.customer_reference),
          deliveryAddressId: deliveryField,
          deliveryName: optionalText(fields.delivery_name),
          dueDays: fields.due_days,
          comments: optionalText(fields.comments),
          selfPicking: fields.self_picking,
        };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** A counted unit (pcs, box) takes whole quantities only, whichever way the line came in. */
async function assertWholeQuantities(
  db: Executor,
  lines: readonly { sku_id: number; ordered_qty: string | null; uom_id: number | null }[],
) {
  const codes = await uomCodes(db, [
    ...new Set(lines.flatMap((line) => (line.uom_id === null ? [] : [line.uom_id]))),
  ]);
  const broken = lines.filter(
    (line) =>
      line.ordered_qty !== null &&
      line.uom_id !== null &&
      !quantityFitsUnit(line.ordered_qty, codes.get(line.uom_id) ?? null),
  );
  if (broken.length)
    throw new AppError('order_qty_not_whole', { sku_id_list: broken.map((line) => line.sku_id) });
}

export async function editOrder<K extends OrderKind>(options: {
  deps: Deps;
  actor: Actor;
  kind: K;
  headId: number;
  fields: EditOrderFields<K>;
}): Promise<{ head_id: number }> {
  const { deps, actor, kind, headId } = options;
  const fields = options.fields as orders.EditPurchOrderFields & orders.EditSalesOrderFields;
  return deps.db.transaction(async (tx) => {
    const head = await loadHead(tx, actor, kind, headId, { forUpdate: true });
    if (!isEditable(head)) throw new AppError('order_update_denied', { progress: head.progress });
    if (fields.lines) {
      const repeated = duplicates(fields.lines.map((line) => line.sku_id));
      if (repeated.length) throw new AppError('order_sku_dublicate', { sku_id_list: repeated });
      await assertSkusPermitted(
        tx,
        actor,
        fields.lines.map((line) => line.sku_id),
        { consigneeId: head.consigneeId },
      );
      await assertWholeQuantities(tx, fields.lines);
    }
    const before = await orderRecord(tx, kind, head.id);
    const values = await editedHeadValues(tx, actor, kind, head, fields);
    const newCode = values.externalCode;
    const codeChanged = newCode !== undefined && newCode !== head.externalCode;
    if (codeChanged && newCode && (await externalCodeTaken(tx, kind, head.consigneeId, newCode))) {
      throw new AppError('order_code_dublicate', { external_code: newCode });
    }
    try {
      await updateHead(tx, kind, head.id, values);
    } catch (error) {
      if (isUniqueViolation(error, CODE_INDEX[kind])) {
        throw new AppError('order_code_dublicate', { external_code: newCode });
      }
      throw error;
    }
    if (codeChanged) {
      await renameOrderDiscussion(tx, { kind, headId: head.id, externalCode: newCode ?? null });
    }
    if (fields.lines) {
      const lines: LineValues[] = (fields.lines as orders.SalesLineFields[]).map((line) => ({
        skuId: line.sku_id,
        orderedQty: line.ordered_qty,
        uomId: line.uom_id,
        price: line.price,
        batch: kind === 'sales' ? (optionalText(line.batch) ?? null) : undefined,
        expiryDate: kind === 'sales' ? (line.expiry_date ?? null) : undefined,
      }));
      await replaceLines(tx, kind, head.id, lines);
    }
    const after = await orderRecord(tx, kind, head.id);
    const changes = before && after ? orderChanges(before, after) : [];
    if (changes.length) {
      await addOrderSystemComment(tx, {
        kind,
        headId: head.id,
        dict: { code: 'order_edited', changes },
        by: actor,
      });
    }
    return { head_id: head.id };
  });
}

export async function excludeOrder(options: { deps: Deps; actor: Actor; kind: OrderKind; headId: number }) {
  const { deps, actor, kind, headId } = options;
  return deps.db.transaction(async (tx) => {
    const head = await loadHead(tx, actor, kind, headId, { forUpdate: true });
    if (!isEditable(head)) throw new AppError('order_exclude_denied', { progress: head.progress });
    await excludeHead(tx, kind, head.id);
    return { head_id: head.id };
  });
}

/**
 * An order as the API shows it to a company's systems (webhooks): the view, less what depends on
 * its reader (problems and what the reader may do), units named in English.
 */
export async function orderRecord(
  db: Executor,
  kind: OrderKind,
  headId: number,
): Promise<webhooks.WebhookPurchOrder | webhooks.WebhookSalesOrder | undefined> {
  const head = await findOrderHead(db, SYSTEM_ACTOR, kind, headId);
  if (!head) return undefined;
  const lines = await findOrderLines(db, kind, head.id, 'en');
  const { problems, can_update, can_ready, can_unready, ...record } = toView(
    kind,
    head,
    lines,
    { errors: [], warnings: [] },
    SYSTEM_ACTOR,
    { slot: await findOrderSlot(db, kind, head.id) },
  );
  return record;
}
