import { Decimal } from './order-decimal';
import type * as orders from './orders';

type Problem = orders.Problem;

export interface ProblemLine {
  skuId: number;
  skuCode: string;
  orderedQty: string | null;
  uomId: number | null;
  batch?: string | null;
  expiryDate?: string | null;
}

export interface ProblemHead {
  kind: orders.OrderKind;
  progress: orders.OrderProgress;
  isTemplate: boolean;
  isReturn: boolean;
  locationId: number | null;
  deliveryDate: string | null;
  partyId: number | null;
  addressId: number | null;
  dueDays?: string | null;
  lines: ProblemLine[];
}

/**
 * Warehouse stock of one SKU in one batch, expiry date and unit; a negative quantity is what other
 * orders have promised of it (their lines may name no unit).
 */
export interface StockLot {
  skuId: number;
  batch: string | null;
  expiryDate: string | null;
  uomId: number | null;
  qty: string;
}

/** Problems matter until the warehouse takes the order; templates have none (DESIGN.md §6). */
export function hasProblemsToShow(head: Pick<ProblemHead, 'isTemplate' | 'progress'>): boolean {
  return !head.isTemplate && ['draft', 'ready', 'failure'].includes(head.progress);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today as the server sees it (UTC), 'YYYY-MM-DD'. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

const isMissing = (qty: string | null) => qty === null || new Decimal(qty).isZero();

/**
 * The stock a sales line may draw on: every lot of its SKU less what other orders promised,
 * narrowed to the line's batch, expiry date and unit where the line names them.
 */
function availableFor(line: ProblemLine, stock: readonly StockLot[]): Decimal {
  return stock
    .filter(
      (lot) =>
        lot.skuId === line.skuId &&
        (!line.batch || lot.batch === line.batch) &&
        (!line.expiryDate || lot.expiryDate === line.expiryDate) &&
        (line.uomId === null || lot.uomId === line.uomId),
    )
    .reduce((sum, lot) => sum.plus(lot.qty), new Decimal(0));
}

/**
 * Errors block set_ready; warnings only inform. `today` is the server's date, so a delivery date
 * before it is in the past and one no later than tomorrow is within 24 hours.
 */
export function computeProblems(
  head: ProblemHead,
  options: { today: string; stock?: readonly StockLot[] },
): orders.Problems {
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  if (!hasProblemsToShow(head)) return { errors, warnings };
  const error = (code: Problem['code'], skus?: string[]) =>
    errors.push({ code, details: skus ? { skus } : null });
  const warning = (code: Problem['code'], skus?: string[]) =>
    warnings.push({ code, details: skus ? { skus } : null });
  const purch = head.kind === 'purch';

  if (head.locationId === null) error('no_location');
  if (head.deliveryDate === null) error('no_delivery_date');
  else if (head.deliveryDate < options.today) error('delivery_date_past');
  else if (head.deliveryDate <= addDays(options.today, 1)) warning('delivery_soon');
  if (head.partyId === null) error(purch ? 'no_vendor' : 'no_customer');
  else if (head.addressId === null) error(purch ? 'no_vendor_address' : 'no_customer_address');
  if (!purch && (head.dueDays === null || head.dueDays === undefined)) error('no_due_days');
  if (head.lines.length === 0) error('no_lines');
  // Each field a line lacks is its own problem naming every line that lacks it, so the list says
  // what to fill in where rather than that something is missing somewhere.
  const lacking = (missing: (line: ProblemLine) => boolean, code: Problem['code']) => {
    const skus = head.lines.filter(missing).map((line) => line.skuCode);
    if (skus.length) error(code, skus);
  };
  lacking((line) => isMissing(line.orderedQty), 'no_quantity');
  lacking((line) => line.uomId === null, 'no_uom');

  // A return brings goods back: stock cannot run short for it.
  if (!purch && !head.isReturn && options.stock) {
    const stock = options.stock;
    const short = head.lines.filter(
      (line) => !isMissing(line.orderedQty) && availableFor(line, stock).lessThan(line.orderedQty!),
    );
    if (short.length)
      warning(
        'stock_short',
        short.map((line) => line.skuCode),
      );
  }
  return { errors, warnings };
}
