import { catalogs } from '@extranet/contract';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/browser';
import type { z } from 'zod';

/**
 * Master data files: one catalog a file, CSV (any delimiter, UTF-8 with or without BOM)
 * or XLSX, a header row naming the columns below. Vendors and customers take one row per
 * address; their rows group by consignee and code. Each record is checked with the contract's own
 * schema before anything is sent.
 */

type Catalog = catalogs.MasterCatalog;

const PARTY_COLUMNS = [
  'consignee',
  'code',
  'name',
  'default_currency',
  'address_code',
  'address_name',
  'inactive',
];

export const MASTER_COLUMNS: Record<Catalog, readonly string[]> = {
  uoms: ['name', 'inactive'],
  currencies: ['code', 'inactive'],
  locations: ['label', 'inactive'],
  consignees: ['code', 'name', 'company', 'business_line', 'inactive'],
  skus: ['consignee', 'code', 'name', 'uom', 'eans', 'inactive'],
  vendors: PARTY_COLUMNS,
  customers: PARTY_COLUMNS,
};

/** Columns a file must have; `inactive` and the optional ones may be left out. */
const REQUIRED: Record<Catalog, readonly string[]> = {
  uoms: ['name'],
  currencies: ['code'],
  locations: ['label'],
  consignees: ['code', 'name', 'company', 'business_line'],
  skus: ['consignee', 'code', 'name'],
  vendors: ['consignee', 'code', 'name'],
  customers: ['consignee', 'code', 'name'],
};

const SCHEMAS: Record<Catalog, z.ZodType> = {
  uoms: catalogs.MasterUom,
  currencies: catalogs.MasterCurrency,
  locations: catalogs.MasterLocation,
  consignees: catalogs.MasterConsignee,
  skus: catalogs.MasterSku,
  vendors: catalogs.MasterParty,
  customers: catalogs.MasterParty,
};

export type FileProblem =
  | { kind: 'unreadable' }
  | { kind: 'empty' }
  | { kind: 'missingColumns'; columns: string[] }
  | { kind: 'tooMany'; max: number }
  | { kind: 'invalid'; rows: number[]; field: string };

export interface ParsedMasterFile {
  /** The records that passed the schema, ready for the master part of the call. */
  records: unknown[];
  /** For each record, the file rows it came from (1 is the header). */
  rows: number[][];
  problems: FileProblem[];
}

type Cell = string | number | boolean | null | undefined;
type Row = Record<string, Cell>;

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'x', 'inactive']);

const text = (cell: Cell): string | undefined => {
  if (cell === null || cell === undefined) return undefined;
  const value = String(cell).trim();
  return value === '' ? undefined : value;
};

const normalizeHeader = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

async function readRows(file: File): Promise<Cell[][]> {
  if (/\.xlsx$/i.test(file.name)) {
    return (await readSheet(file)) as Cell[][];
  }
  // Papa Parse reads the file itself, guessing the delimiter and dropping a byte order mark.
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      encoding: 'UTF-8',
      complete: (result) => resolve(result.data),
      error: reject,
    });
  });
}

function toRecord(catalog: Catalog, row: Row): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of MASTER_COLUMNS[catalog]) {
    if (column === 'address_code' || column === 'address_name') continue;
    const value = text(row[column]);
    if (value === undefined) continue;
    if (column === 'inactive') {
      if (row[column] === true || TRUE_WORDS.has(value.toLowerCase())) record.inactive = true;
    } else if (column === 'eans') record.eans = value.split(/[\s,;|]+/).filter(Boolean);
    else record[column] = value;
  }
  return record;
}

/**
 * Reads a file of one catalog into master records, with what is wrong with it, row by row. A
 * consignees file without a `company` column belongs to `defaults.company` when one is given.
 */
export async function parseMasterFile(
  file: File,
  catalog: Catalog,
  defaults: { company?: string } = {},
): Promise<ParsedMasterFile> {
  let cells: Cell[][];
  try {
    cells = await readRows(file);
  } catch {
    return { records: [], rows: [], problems: [{ kind: 'unreadable' }] };
  }
  const [header, ...body] = cells;
  if (!header || body.length === 0) return { records: [], rows: [], problems: [{ kind: 'empty' }] };
  const headers = header.map((cell) => normalizeHeader(String(cell ?? '')));
  const defaulted = (column: string) => column === 'company' && defaults.company !== undefined;
  const missing = REQUIRED[catalog].filter((column) => !headers.includes(column) && !defaulted(column));
  if (missing.length)
    return { records: [], rows: [], problems: [{ kind: 'missingColumns', columns: missing }] };
  const rows: Row[] = body.map((cells) => Object.fromEntries(headers.map((name, i) => [name, cells[i]])));

  // Vendors and customers: one record per consignee and code, its addresses from every row.
  const grouped = new Map<string, { record: Record<string, unknown>; rows: number[] }>();
  rows.forEach((row, i) => {
    const fileRow = i + 2;
    const record = toRecord(catalog, row);
    if (catalog === 'consignees' && record.company === undefined && defaults.company !== undefined) {
      record.company = defaults.company;
    }
    if (catalog !== 'vendors' && catalog !== 'customers') {
      grouped.set(String(i), { record, rows: [fileRow] });
      return;
    }
    const key = `${record.consignee ?? ''}\u0000${record.code ?? ''}`;
    const entry = grouped.get(key) ?? { record, rows: [] };
    entry.rows.push(fileRow);
    const addressCode = text(row.address_code);
    const addressName = text(row.address_name);
    if (addressCode !== undefined || addressName !== undefined) {
      const addresses = (entry.record.addresses as unknown[] | undefined) ?? [];
      addresses.push({ code: addressCode, name: addressName });
      entry.record.addresses = addresses;
    }
    grouped.set(key, entry);
  });

  const parsed: ParsedMasterFile = { records: [], rows: [], problems: [] };
  for (const { record, rows: fileRows } of grouped.values()) {
    const result = SCHEMAS[catalog].safeParse(record);
    if (result.success) {
      parsed.records.push(result.data);
      parsed.rows.push(fileRows);
    } else {
      const field = result.error.issues[0]?.path.join('.') || 'row';
      parsed.problems.push({ kind: 'invalid', rows: fileRows, field });
    }
  }
  const total = catalogs.countMasterRecords({ [catalog]: parsed.records });
  if (total > catalogs.MAX_MASTER_RECORDS) {
    return { records: [], rows: [], problems: [{ kind: 'tooMany', max: catalogs.MAX_MASTER_RECORDS }] };
  }
  return parsed;
}

/** The header row of a catalog's file, for the template a user downloads. */
export function templateOf(catalog: Catalog): string {
  return `${MASTER_COLUMNS[catalog].join(',')}\r\n`;
}
