import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inflate } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

/**
 * XLSX, read and written as streams (docs/decisions.md, "Spreadsheets"): the zip by yauzl and
 * yazl (inflate and deflate run in zlib's thread pool), the XML by saxes, a chunk at a time.
 * Reading stops where the caller says or at a limit, never unzipping more than it must; writing
 * follows the reader's pace.
 */

export type XlsxCell = string | number | boolean | Date | null;

/** What a file may cost before it is refused, whatever its size zipped. */
export interface XlsxLimits {
  /** Bytes unzipped over all the parts read. */
  unzippedBytes: number;
  /** Cells with a value, over the whole sheet. */
  cells: number;
  /** The highest column a cell may be in (1 = A). */
  columns: number;
  /** Row elements, empty ones included. */
  rows: number;
  /** Bytes of one text or one tag (the XML parser holds a text whole until it ends). */
  text: number;
}

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  unzippedBytes: 50 * 1024 * 1024,
  cells: 500_000,
  columns: 1000,
  rows: 100_000,
  text: 1024 * 1024,
};

/** A file beyond one of the limits (which one: `limit`). */
export class XlsxLimitError extends Error {
  constructor(readonly limit: keyof XlsxLimits | 'entries' | 'sharedStrings' | 'depth') {
    super(`the spreadsheet exceeds its ${limit} limit`);
  }
}

/** Parts of the package besides the sheet are small; a larger one is not a spreadsheet we read. */
const MAX_ENTRIES = 10_000;
const MAX_SHARED_STRINGS = 1_000_000;
/** The longest the event loop is held between two turns while a file is read. */
const SLICE_MS = 4;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) {
    if (localName(key) === name) return value as string;
  }
  return undefined;
}

/** The 1-based column of a cell reference (`C7` is 3), or undefined without letters. */
function columnOf(reference: string): number | undefined {
  let column = 0;
  for (const char of reference) {
    const code = char.toUpperCase().charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column || undefined;
}

const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format shows a date or time: d, m, y, h or s outside quotes and brackets. */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Days since 1899-12-30 (or 1904-01-01) as a date in UTC. */
function serialDate(serial: number, date1904: boolean): Date {
  const days = serial + (date1904 ? 1462 : 0) - 25569;
  return new Date(Math.round(days * 86_400_000));
}

interface Budget {
  left: number;
}

interface Package {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
  budget: Budget;
  limits: XlsxLimits;
}

/** Compressed bytes inflated at a time: at most about 130 KB of XML comes out of them. */
const INFLATE_STEP = 128;

/**
 * The unzipped bytes of one part, a bounded piece at a time: the inflater (fflate) is fed a few
 * hundred compressed bytes per step, so neither a step's time nor its output can grow with the
 * file's compression ratio.
 */
async function* partChunks(pkg: Package, entry: yauzl.Entry): AsyncGenerator<Uint8Array> {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new Error('unknown compression');
  const raw = await pkg.zip.openReadStreamPromise(entry, {
    decompress: entry.compressionMethod === 8 ? false : null,
  });
  try {
    if (entry.compressionMethod === 0) {
      for await (const chunk of raw as AsyncIterable<Buffer>) yield chunk;
      return;
    }
    const out: Uint8Array[] = [];
    const inflate = new Inflate((data) => {
      out.push(data);
    });
    for await (const compressed of raw as AsyncIterable<Buffer>) {
      for (let i = 0; i < compressed.length; i += INFLATE_STEP) {
        inflate.push(compressed.subarray(i, i + INFLATE_STEP), false);
        while (out.length) yield out.shift()!;
      }
    }
    inflate.push(new Uint8Array(0), true);
    while (out.length) yield out.shift()!;
  } finally {
    raw.destroy();
  }
}

/** What a part's reader listens to. */
interface PartEvents {
  on(event: 'opentag' | 'closetag', handler: (tag: SaxesTagPlain) => void): void;
  on(event: 'text', handler: (text: string) => void): void;
}

/** Elements open at once: a sheet's cell text is six deep. */
const MAX_DEPTH = 32;

/**
 * Feeds one part of the package to a fresh XML parser, a chunk at a time, counting what it
 * unzips and letting other work run every few milliseconds. `stopped` is asked after each
 * chunk: true ends the reading there. False when the package has no such part.
 */
async function parsePart(
  pkg: Package,
  path: string,
  setup: (parser: PartEvents) => void,
  stopped: () => boolean = () => false,
): Promise<boolean> {
  const entry = pkg.entries.get(path);
  if (!entry) return false;
  const parser = new SaxesParser({ position: false });
  const handlers: {
    opentag?: (tag: SaxesTagPlain) => void;
    closetag?: (tag: SaxesTagPlain) => void;
    text?: (text: string) => void;
  } = {};
  setup({
    on: (event: keyof typeof handlers, handler: (value: never) => void) => {
      handlers[event] = handler as never;
    },
  } as PartEvents);
  // The parser keeps every open element: nesting deeper than a sheet has is refused.
  let depth = 0;
  parser.on('opentag', (tag) => {
    if (++depth > MAX_DEPTH) throw new XlsxLimitError('depth');
    handlers.opentag?.(tag as SaxesTagPlain);
  });
  parser.on('closetag', (tag) => {
    depth--;
    handlers.closetag?.(tag as SaxesTagPlain);
  });
  parser.on('text', (text) => handlers.text?.(text));
  const decoder = new StringDecoder('utf8');
  let slice = performance.now();
  // Bytes since the last '<': a text (or a tag) longer than the limit is refused before the
  // parser has gathered it.
  let run = 0;
  for await (const chunk of partChunks(pkg, entry)) {
    pkg.budget.left -= chunk.length;
    if (pkg.budget.left < 0) throw new XlsxLimitError('unzippedBytes');
    const markup = chunk.lastIndexOf(0x3c);
    run = markup < 0 ? run + chunk.length : chunk.length - markup - 1;
    if (run > pkg.limits.text) throw new XlsxLimitError('text');
    parser.write(decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)));
    if (stopped()) return true;
    if (performance.now() - slice > SLICE_MS) {
      await nextTurn();
      slice = performance.now();
    }
  }
  parser.write(decoder.end());
  parser.close();
  return true;
}

/** The first sheet's path in the package, and whether its dates count from 1904. */
async function firstSheet(pkg: Package): Promise<{ path: string; date1904: boolean }> {
  let relationId: string | undefined;
  let date1904 = false;
  await parsePart(pkg, 'xl/workbook.xml', (parser) => {
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(tag, 'date1904') ?? '');
      if (name === 'sheet' && relationId === undefined) relationId = attribute(tag, 'id');
    });
  });
  let target: string | undefined;
  await parsePart(pkg, 'xl/_rels/workbook.xml.rels', (parser) => {
    parser.on('opentag', (tag) => {
      if (localName(tag.name) === 'Relationship' && attribute(tag, 'Id') === relationId) {
        target = attribute(tag, 'Target');
      }
    });
  });
  const path = target
    ? target.startsWith('/')
      ? target.slice(1)
      : `xl/${target}`.replace(/[^/]+\/\.\.\//g, '')
    : 'xl/worksheets/sheet1.xml';
  return { path, date1904 };
}

async function sharedStrings(pkg: Package): Promise<string[]> {
  const strings: string[] = [];
  let text: string[] | null = null;
  let inText = 0;
  let phonetic = 0;
  await parsePart(pkg, 'xl/sharedStrings.xml', (parser) => {
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'si') text = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText++;
    });
    parser.on('text', (value) => {
      if (text && inText > 0 && phonetic === 0) text.push(value);
    });
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 'si' && text) {
        if (strings.push(text.join('')) > MAX_SHARED_STRINGS) throw new XlsxLimitError('sharedStrings');
        text = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText--;
    });
  });
  return strings;
}

/** Which cell styles (by index) show a date. */
async function dateStyles(pkg: Package): Promise<Set<number>> {
  const formats = new Map<number, string>();
  const styles: number[] = [];
  let inCellXfs = false;
  await parsePart(pkg, 'xl/styles.xml', (parser) => {
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'numFmt')
        formats.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) styles.push(Number(attribute(tag, 'numFmtId') ?? 0));
    });
    parser.on('closetag', (tag) => {
      if (localName(tag.name) === 'cellXfs') inCellXfs = false;
    });
  });
  const dates = new Set<number>();
  styles.forEach((format, index) => {
    const code = formats.get(format);
    if (code === undefined ? BUILT_IN_DATE_FORMATS.has(format) : isDateFormat(code)) dates.add(index);
  });
  return dates;
}

/**
 * Reads the first sheet of an XLSX file row by row: `onRow` gets each row's cells (a number, a
 * date for a number shown as a date, a boolean, or text; null where a row has no cell) and
 * returns false to stop there. Throws XlsxLimitError past a limit, and the parser's error on
 * what is not a spreadsheet.
 */
export async function readXlsx(
  data: Buffer,
  onRow: (cells: XlsxCell[]) => boolean | undefined,
  limits: XlsxLimits = DEFAULT_XLSX_LIMITS,
): Promise<void> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true });
  try {
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entries.size >= MAX_ENTRIES) return reject(new XlsxLimitError('entries'));
        entries.set(entry.fileName.replace(/^\//, ''), entry);
        zip.readEntry();
      });
      zip.once('end', resolve);
      zip.once('error', reject);
      zip.readEntry();
    });
    const pkg: Package = { zip, entries, budget: { left: limits.unzippedBytes }, limits };
    const sheet = await firstSheet(pkg);
    const strings = await sharedStrings(pkg);
    const dates = await dateStyles(pkg);

    let stop = false;
    let rows = 0;
    let cells = 0;
    let row: XlsxCell[] | null = null;
    let cell: { column: number; type: string; style: number; value: string[]; inline: string[] } | null =
      null;
    let lastColumn = 0;
    let inValue = false;
    let inInlineText = 0;
    let phonetic = 0;

    const cellValue = (found: NonNullable<typeof cell>): XlsxCell => {
      const raw = found.value.join('');
      switch (found.type) {
        case 's':
          return strings[Number(raw)] ?? null;
        case 'inlineStr':
          return found.inline.join('');
        case 'str':
        case 'e':
          return raw;
        case 'b':
          return raw === '1' || raw === 'true';
        case 'd':
          return raw ? new Date(raw) : null;
        default: {
          if (raw.trim() === '') return null;
          const number = Number(raw);
          if (Number.isNaN(number)) return raw;
          return dates.has(found.style) ? serialDate(number, sheet.date1904) : number;
        }
      }
    };

    const found = await parsePart(
      pkg,
      sheet.path,
      (parser) => {
        parser.on('opentag', (tag) => {
          if (stop) return;
          switch (localName(tag.name)) {
            case 'row':
              if (++rows > limits.rows) throw new XlsxLimitError('rows');
              row = [];
              lastColumn = 0;
              break;
            case 'c': {
              const column = columnOf(attribute(tag, 'r') ?? '') ?? lastColumn + 1;
              if (column > limits.columns) throw new XlsxLimitError('columns');
              lastColumn = column;
              cell = {
                column,
                type: attribute(tag, 't') ?? 'n',
                style: Number(attribute(tag, 's') ?? 0),
                value: [],
                inline: [],
              };
              break;
            }
            case 'v':
              inValue = true;
              break;
            case 'rPh':
              phonetic++;
              break;
            case 't':
              inInlineText++;
              break;
          }
        });
        parser.on('text', (text) => {
          if (!cell) return;
          if (inValue) cell.value.push(text);
          else if (inInlineText > 0 && phonetic === 0) cell.inline.push(text);
        });
        parser.on('closetag', (tag) => {
          if (stop) return;
          switch (localName(tag.name)) {
            case 'v':
              inValue = false;
              break;
            case 'rPh':
              phonetic--;
              break;
            case 't':
              inInlineText--;
              break;
            case 'c':
              if (cell && row) {
                const value = cellValue(cell);
                if (value !== null) {
                  if (++cells > limits.cells) throw new XlsxLimitError('cells');
                  while (row.length < cell.column - 1) row.push(null);
                  row[cell.column - 1] = value;
                }
              }
              cell = null;
              break;
            case 'row':
              if (row && onRow(row) === false) stop = true;
              row = null;
              break;
          }
        });
      },
      () => stop,
    );
    if (!found) throw new Error('the package has no worksheet');
  } finally {
    zip.close();
  }
}
