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

/** Why a cell is refused: each has its own sentence in the reader's language. */
export type CellReason = 'required' | 'tooLong' | 'tooMany' | 'ean' | 'unit' | 'invalid';

export type FileProblem =
  | { kind: 'unreadable' }
  | { kind: 'empty' }
  | { kind: 'missingColumns'; columns: string[] }
  /** Headers the catalog has no column for (as the file writes them), with the columns it has. */
  | { kind: 'unknownColumns'; columns: string[]; allowed: readonly string[] }
  | { kind: 'tooMany'; max: number }
  | {
      kind: 'invalid';
      /** The file's row (1 is the header). */
      row: number;
      /** The column's header as the file writes it. */
      header: string;
      /** The cell as the file holds it (one EAN of a list: the one refused). */
      value: string;
      reason: CellReason;
      /** The longest text or list a cell may hold (`tooLong`, `tooMany`). */
      max?: number;
      /** The values the cell may take (`unit`). */
      allowed?: readonly string[];
    };

export interface ParsedMasterFile {
  /** The records that passed the schema, ready for the master part of the call. */
  records: unknown[];
  /** For each record, the file rows it came from (1 is the header). */
  rows: number[][];
  /** Each column's header as the file writes it, by the column it was read as. */
  headers: Record<string, string>;
  problems: FileProblem[];
}

export interface MasterFileOptions {
  /** A consignees file without a `company` column belongs to this company. */
  company?: string;
  /**
   * The unit codes there are: a SKU's unit is read against them (contract `unitMatcher`, the rule
   * the server applies too) and sent as the unit's own code; without them the server alone checks.
   */
  units?: readonly string[];
}

/** A row of the file whose first cell starts with `#` is a note (the template's hint line). */
const isNote = (cells: Cell[]) =>
  String(cells[0] ?? '')
    .trim()
    .startsWith('#');

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

/** The column a schema issue's path points at, and which of the record's rows holds it. */
function cellOf(path: readonly PropertyKey[], rows: number[], addressRows: number[]) {
  const [first, index, field] = path;
  if (first === 'addresses' && typeof index === 'number') {
    return {
      column: field === 'name' ? 'address_name' : 'address_code',
      row: addressRows[index] ?? rows[0]!,
    };
  }
  return {
    column: String(first ?? 'code'),
    row: rows[0]!,
    item: typeof index === 'number' ? index : undefined,
  };
}

function reasonOf(
  issue: z.core.$ZodIssue,
  column: string,
  value: string,
): { reason: CellReason; max?: number } {
  if (value === '') return { reason: 'required' };
  if (issue.code === 'too_big') {
    return { reason: issue.origin === 'array' ? 'tooMany' : 'tooLong', max: Number(issue.maximum) };
  }
  if (column === 'eans') return { reason: 'ean' };
  if (issue.code === 'too_small') return { reason: 'required' };
  return { reason: 'invalid' };
}

/**
 * Reads a file of one catalog into master records, with what is wrong with it, cell by cell: each
 * refusal names the file's row, the column's header as the file writes it, and the value.
 */
export async function parseMasterFile(
  file: File,
  catalog: Catalog,
  options: MasterFileOptions = {},
): Promise<ParsedMasterFile> {
  const none = (problem: FileProblem): ParsedMasterFile => ({
    records: [],
    rows: [],
    headers: {},
    problems: [problem],
  });
  let cells: Cell[][];
  try {
    cells = await readRows(file);
  } catch {
    return none({ kind: 'unreadable' });
  }
  const [header, ...lines] = cells;
  const body = lines.flatMap((cells, i) => (isNote(cells) ? [] : [{ cells, fileRow: i + 2 }]));
  if (!header || body.length === 0) return none({ kind: 'empty' });
  const written = header.map((cell) =>
    String(cell ?? '')
      .replace(/^\uFEFF/, '')
      .trim(),
  );
  const headers = written.map(normalizeHeader);
  const headerOf: Record<string, string> = {};
  headers.forEach((column, i) => {
    headerOf[column] ??= written[i]!;
  });
  const defaulted = (column: string) => column === 'company' && options.company !== undefined;
  const missing = REQUIRED[catalog].filter((column) => !headers.includes(column) && !defaulted(column));
  if (missing.length) return none({ kind: 'missingColumns', columns: missing });
  // A header the catalog does not know would be dropped with what its column says (a misspelt
  // `inactive` would keep retired records): the file is refused, naming it. Empty ones are padding.
  const unknown = written.filter(
    (header, i) => header !== '' && !MASTER_COLUMNS[catalog].includes(headers[i]!),
  );
  if (unknown.length)
    return none({ kind: 'unknownColumns', columns: unknown, allowed: MASTER_COLUMNS[catalog] });
  const rows = body.map(({ cells, fileRow }) => ({
    fileRow,
    row: Object.fromEntries(headers.map((name, i) => [name, cells[i]])) as Row,
  }));
  const unitOf = options.units
    ? catalogs.unitMatcher(options.units.map((code) => [code, code] as const))
    : null;

  // Vendors and customers: one record per consignee and code, its addresses from every row.
  const grouped = new Map<
    string,
    { record: Record<string, unknown>; rows: number[]; addressRows: number[]; cells: Row }
  >();
  const parsed: ParsedMasterFile = { records: [], rows: [], headers: headerOf, problems: [] };
  const refuse = (
    problem: Omit<Extract<FileProblem, { kind: 'invalid' }>, 'kind' | 'header'> & { column: string },
  ) => {
    const { column, ...rest } = problem;
    parsed.problems.push({ kind: 'invalid', header: headerOf[column] ?? column, ...rest });
  };
  const unitRefused = new Set<number>();
  for (const { row, fileRow } of rows) {
    const record = toRecord(catalog, row);
    if (catalog === 'skus' && unitOf && typeof record.uom === 'string') {
      const unit = unitOf(record.uom);
      if (unit === undefined) {
        refuse({ column: 'uom', row: fileRow, value: record.uom, reason: 'unit', allowed: options.units });
        // Refused, yet read on: the row's other cells are named too.
        unitRefused.add(fileRow);
      }
      record.uom = unit ?? null;
    }
    if (catalog === 'consignees' && record.company === undefined && options.company !== undefined) {
      record.company = options.company;
    }
    if (catalog !== 'vendors' && catalog !== 'customers') {
      grouped.set(String(fileRow), { record, rows: [fileRow], addressRows: [], cells: row });
      continue;
    }
    const key = `${record.consignee ?? ''}\u0000${record.code ?? ''}`;
    const entry = grouped.get(key) ?? { record, rows: [], addressRows: [], cells: row };
    entry.rows.push(fileRow);
    const addressCode = text(row.address_code);
    const addressName = text(row.address_name);
    if (addressCode !== undefined || addressName !== undefined) {
      const addresses = (entry.record.addresses as unknown[] | undefined) ?? [];
      addresses.push({ code: addressCode, name: addressName });
      entry.record.addresses = addresses;
      entry.addressRows.push(fileRow);
    }
    grouped.set(key, entry);
  }

  for (const { record, rows: fileRows, addressRows, cells } of grouped.values()) {
    const result = SCHEMAS[catalog].safeParse(record);
    if (result.success) {
      if (fileRows.some((row) => unitRefused.has(row))) continue;
      parsed.records.push(result.data);
      parsed.rows.push(fileRows);
      continue;
    }
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const { column, row, item } = cellOf(issue.path, fileRows, addressRows);
      const addressIndex = issue.path[0] === 'addresses' ? Number(issue.path[1]) : undefined;
      const value =
        column === 'eans' && item !== undefined
          ? String((record.eans as string[] | undefined)?.[item] ?? '')
          : addressIndex !== undefined
            ? String(
                ((record.addresses as Record<string, unknown>[])[addressIndex]?.[
                  column === 'address_name' ? 'name' : 'code'
                ] as string | undefined) ?? '',
              )
            : (text(cells[column]) ?? '');
      const key = `${row}\u0000${column}\u0000${value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      refuse({ column, row, value, ...reasonOf(issue, column, value) });
    }
  }
  parsed.problems.sort((a, b) => ('row' in a && 'row' in b ? a.row - b.row : 0));
  const total = catalogs.countMasterRecords({ [catalog]: parsed.records });
  if (total > catalogs.MAX_MASTER_RECORDS) return none({ kind: 'tooMany', max: catalogs.MAX_MASTER_RECORDS });
  return parsed;
}

/**
 * The template a user downloads: the catalog's header row and, when given, a note row (its first
 * cell starts with `#`, so reading the file skips it) saying what the columns take, such as the
 * unit codes there are.
 */
export function templateOf(catalog: Catalog, note?: string): string {
  const header = `${MASTER_COLUMNS[catalog].join(',')}\r\n`;
  return note ? `${header}"# ${note.replaceAll('"', '""')}"\r\n` : header;
}
