import { parseDecimal } from '@extranet/contract';
import Decimal from 'decimal.js';
import Papa from 'papaparse';

/**
 * Order lines pasted from a spreadsheet: rows of SKU code, quantity, unit and price, the
 * last two optional. Each row is read as it was copied and checked against the catalogs; nothing is
 * guessed or dropped: a row that cannot be read says why.
 */

/** The most rows one paste takes: one lookup of their SKU codes. */
export const MAX_PASTED_ROWS = 500;
/** SPEC.md §5: amounts stay below 1e9. */
const MAX_AMOUNT = new Decimal(1e9);

export type PasteProblem =
  | 'skuMissing'
  | 'skuUnknown'
  | 'skuTwice'
  | 'skuInOrder'
  | 'qtyUnreadable'
  | 'qtyNotWhole'
  | 'uomUnknown'
  | 'priceUnreadable';

export interface PastedRow {
  /** The row's number in the pasted text, from 1. */
  row: number;
  sku: string;
  qty: string;
  uom: string;
  price: string;
}

export interface ResolvedRow extends PastedRow {
  skuId: number | null;
  qtyValue: string | null;
  uomId: number | null;
  priceValue: string | null;
  problems: PasteProblem[];
}

/**
 * The rows of the pasted text: cells split by tabs (as spreadsheets copy them) or by `;`, `,` or
 * `|`. A first row whose quantity is not a number holds the headings and is skipped.
 */
export function readPasted(text: string): { rows: PastedRow[]; headings: boolean } {
  const parsed = Papa.parse<string[]>(text.trim(), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: ['\t', ';', ',', '|'],
  });
  const rows = parsed.data.map((cells, index) => ({
    row: index + 1,
    sku: (cells[0] ?? '').trim(),
    qty: (cells[1] ?? '').trim(),
    uom: (cells[2] ?? '').trim(),
    price: (cells[3] ?? '').trim(),
  }));
  const [first] = rows;
  const headings = first !== undefined && first.qty !== '' && parseDecimal(first.qty) === null;
  return { rows: headings ? rows.slice(1) : rows, headings };
}

/** An amount within the form's range, or null. */
function amountOf(text: string): string | null {
  const value = parseDecimal(text);
  return value !== null && new Decimal(value).lessThanOrEqualTo(MAX_AMOUNT) ? value : null;
}

/**
 * Each row against the catalogs: its SKU by code among the consignee's SKUs, its unit by code or name
 * (the line's default when left out), a whole quantity for a counted unit, and the SKUs the order
 * already has.
 */
export function resolvePasted(
  rows: readonly PastedRow[],
  catalogs: {
    skus: ReadonlyMap<string, number>;
    /** The unit a pasted text names: its code or its name, without regard to case (catalogs.unitMatcher). */
    uom: (text: string) => number | undefined;
    /** The units counted in whole numbers (pcs, box): the server's isCountedUnit. */
    counted: ReadonlySet<number>;
    inOrder: ReadonlySet<number>;
    defaultUomId: number | null;
  },
): ResolvedRow[] {
  const seen = new Set<number>();
  return rows.map((row) => {
    const problems: PasteProblem[] = [];
    const skuId = row.sku ? (catalogs.skus.get(row.sku) ?? null) : null;
    if (!row.sku) problems.push('skuMissing');
    else if (skuId === null) problems.push('skuUnknown');
    else if (catalogs.inOrder.has(skuId)) problems.push('skuInOrder');
    else if (seen.has(skuId)) problems.push('skuTwice');
    if (skuId !== null) seen.add(skuId);

    const qtyValue = amountOf(row.qty);
    if (qtyValue === null || new Decimal(qtyValue).isZero()) problems.push('qtyUnreadable');

    const uomId = row.uom ? (catalogs.uom(row.uom) ?? null) : catalogs.defaultUomId;
    if (row.uom && uomId === null) problems.push('uomUnknown');
    if (
      qtyValue !== null &&
      uomId !== null &&
      catalogs.counted.has(uomId) &&
      !new Decimal(qtyValue).isInteger()
    )
      problems.push('qtyNotWhole');

    const priceValue = row.price ? amountOf(row.price) : null;
    if (row.price && priceValue === null) problems.push('priceUnreadable');

    return { ...row, skuId, qtyValue, uomId, priceValue, problems };
  });
}
