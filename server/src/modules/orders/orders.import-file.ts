// Reading an import's file (CSV or XLSX) into rows of cells, and its headers into the columns.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { orders } from '@extranet/contract';
import { parse } from 'csv-parse';
import { AppError } from '../../http/errors';
import { readXlsx, type XlsxCell, XlsxLimitError } from '../../http/xlsx';

type OrderKind = orders.OrderKind;
type Column = orders.ImportColumn | 'due_days';

type Cell = XlsxCell | undefined;

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * The delimiter of a CSV file: the candidate its header line holds most of (a header names
 * columns, so it has no decimal commas to mislead the count).
 */
function delimiterOf(data: Buffer): string {
  const header = data.subarray(0, 4096).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const counts = DELIMITERS.map((delimiter) => header.split(delimiter).length);
  return DELIMITERS[counts.indexOf(Math.max(...counts))]!;
}

/** Bytes of a CSV file parsed at a time, and the longest the event loop is held. */
const CSV_STEP = 16 * 1024;
const SLICE_MS = 4;
/** A row of more cells than this is not an order sheet. */
const MAX_COLUMNS = 1000;
/** The longest CSV record, in bytes. */
const MAX_RECORD_BYTES = 1024 * 1024;

/**
 * Undoes the prefix a CSV export puts before a text that a spreadsheet would run as a formula
 * (http/export.ts `neutralizeFormula`): `'=1+2` reads back as `=1+2`.
 */
export const unneutralizeFormula = (text: string) => text.replace(/^'(?='*[=+\-@\t\r])/, '');

/** Reads a CSV file of any of the delimiters row by row, until `onRow` answers false. */
async function readCsv(data: Buffer, onRow: (cells: string[]) => boolean) {
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(data),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  // Fed a slice at a time: each slice is parsed in well under a millisecond, and the parser
  // waits for the rows it gave to be taken before it parses more.
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += CSV_STEP) yield data.subarray(i, i + CSV_STEP);
    })(),
  );
  source.pipe(parser);
  let slice = performance.now();
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (record.length > MAX_COLUMNS) throw new XlsxLimitError('columns');
      if (!onRow(record.map(unneutralizeFormula))) return;
      if (performance.now() - slice > SLICE_MS) {
        await nextTurn();
        slice = performance.now();
      }
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
}

interface Table {
  headers: string[] | undefined;
  body: string[][];
  /** The file has more than MAX_IMPORT_ROWS rows: reading stopped at the first one past it. */
  tooMany: boolean;
}

/**
 * The file's header and rows of text cells (empty rows left out): XLSX by its name, anything
 * else as CSV of any delimiter. Both are read as streams and stop at the first row past the
 * limit; a file that costs more than a sheet of that many rows can (unzipped size, cells,
 * columns) is refused as unreadable.
 */
export async function readTable(file: { name: string; data: Buffer }): Promise<Table> {
  const table: Table = { headers: undefined, body: [], tooMany: false };
  const onRow = (cells: string[]) => {
    if (!cells.some((cell) => cell !== '')) return true;
    if (!table.headers) table.headers = cells;
    else if (table.body.length >= orders.MAX_IMPORT_ROWS) {
      table.tooMany = true;
      return false;
    } else table.body.push(cells);
    return true;
  };
  try {
    if (/\.xlsx$/i.test(file.name)) await readXlsx(file.data, (cells) => onRow(Array.from(cells, cellText)));
    else await readCsv(file.data, onRow);
  } catch (error) {
    if (error instanceof XlsxLimitError)
      throw new AppError('import_file_unreadable', { reason: error.limit });
    throw new AppError('import_file_unreadable');
  }
  return table;
}

const normalize = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Where each column is in the file: by its own name, or the name the mapping gives a header. */
export function mapColumns(kind: OrderKind, headers: string[], mapping: Record<string, string>) {
  const known = new Set<string>([...orders.IMPORT_COLUMNS[kind], ...(kind === 'sales' ? ['due_days'] : [])]);
  const index = new Map<Column, number>();
  const columns = headers.map((header, i) => {
    const mapped = mapping[header] ?? normalize(header);
    const column = known.has(mapped) ? (mapped as Column) : null;
    if (column && !index.has(column)) index.set(column, i);
    return { header, column };
  });
  const missing = orders.IMPORT_REQUIRED_COLUMNS.filter((column) => !index.has(column));
  return { index, columns, missing };
}
