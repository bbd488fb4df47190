import type { discussions, webhooks } from '@extranet/contract';

type OrderRecord = webhooks.WebhookPurchOrder | webhooks.WebhookSalesOrder;
type Value = string | number | boolean | null | undefined;

const text = (value: Value): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/**
 * The header fields an edit can change, each named as the web's `orders.fields.<name>` and written
 * as a reader sees it (a vendor by code and name, not by id).
 */
const HEAD_FIELDS: readonly [string, (order: Record<string, unknown>) => Value][] = [
  ['externalCode', (o) => o.external_code as Value],
  ['location', (o) => (o.location as { label: string } | null)?.label],
  ['deliveryDate', (o) => o.delivery_date as Value],
  ['truckNumber', (o) => o.truck_number as Value],
  ['currency', (o) => (o.currency as { code: string } | null)?.code],
  ['isReturn', (o) => o.is_return as Value],
  ['vendor', (o) => party(o.vendor)],
  ['vendorAddress', (o) => (o.vendor_address as { name: string } | null)?.name],
  ['vendorReference', (o) => o.vendor_reference as Value],
  ['customer', (o) => party(o.customer)],
  ['customerAddress', (o) => (o.customer_address as { name: string } | null)?.name],
  ['customerReference', (o) => o.customer_reference as Value],
  ['deliveryAddress', (o) => (o.delivery_address as { name: string } | null)?.name],
  ['deliveryName', (o) => o.delivery_name as Value],
  ['dueDays', (o) => o.due_days as Value],
  ['comments', (o) => o.comments as Value],
  ['selfPicking', (o) => o.self_picking as Value],
];

function party(value: unknown): string | undefined {
  const p = value as { code: string; name: string } | null | undefined;
  return p ? [p.code, p.name].filter(Boolean).join(' ') : undefined;
}

type Line = OrderRecord['lines'][number];

/** A decimal without the zeros its scale pads it with: "10.000" is 10. */
const plain = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

/** A line as the history writes it: "5 pcs × 2.5". */
function lineText(line: Line): string {
  const qty = [line.ordered_qty ? plain(String(line.ordered_qty)) : '', line.uom?.name ?? '']
    .filter(Boolean)
    .join(' ');
  return line.price ? `${qty} × ${plain(String(line.price))}` : qty;
}

/** What an edit changed: each header field, and each line by its SKU code (added, removed, changed). */
export function orderChanges(before: OrderRecord, after: OrderRecord): discussions.FieldChange[] {
  const changes: discussions.FieldChange[] = [];
  for (const [field, read] of HEAD_FIELDS) {
    const old = text(read(before as unknown as Record<string, unknown>));
    const now = text(read(after as unknown as Record<string, unknown>));
    if (old !== now) changes.push({ field, old, new: now });
  }
  const linesOf = (order: OrderRecord) =>
    new Map(order.lines.map((line) => [line.sku.external_code, lineText(line)] as const));
  const oldLines = linesOf(before);
  const newLines = linesOf(after);
  for (const code of new Set([...oldLines.keys(), ...newLines.keys()])) {
    const old = oldLines.get(code) ?? null;
    const now = newLines.get(code) ?? null;
    if (old !== now) changes.push({ field: `line:${code}`, old, new: now });
  }
  return changes;
}
