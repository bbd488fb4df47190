import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import yazl from 'yazl';
import type { XlsxCell } from './xlsx';

/** Writing a spreadsheet (the exports): one sheet, streamed row by row into a zip (yazl). */

export type XlsxFormat = 'date' | 'datetime' | 'number';

export interface XlsxColumn {
  header: string;
  /** In characters; without it, estimated from the header and the first rows. */
  width?: number;
  format?: XlsxFormat;
}

/**
 * A text of digits a spreadsheet would take for a number and lose digits of: a leading zero
 * (an EAN-8 "0123…") or more digits than a double holds exactly (an 18-digit SSCC, a 16-digit
 * card-like code). Written as text, so every digit stays.
 */
export const isLongDigitString = (text: string) => /^\d{16,}$/.test(text) || /^0\d+$/.test(text);

const STYLE: Record<'header' | 'text' | XlsxFormat, number> = {
  header: 1,
  date: 2,
  datetime: 3,
  number: 4,
  text: 5,
};

/** Dates and times as the screens write them (SPEC.md §5); numFmt 49 is Excel's built-in "@" (text). */
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="3"><numFmt numFmtId="164" formatCode="dd.mm.yyyy"/><numFmt numFmtId="165" formatCode="dd.mm.yyyy hh:mm"/><numFmt numFmtId="166" formatCode="#,##0.###"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Characters XML 1.0 cannot hold: most controls, U+FFFE/U+FFFF and unpaired surrogates. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data: escaped, without the characters XML 1.0 cannot hold. */
function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** Rows a column's width is estimated from: the sheet's first ones, held until then. */
const WIDTH_SAMPLE_ROWS = 100;
/** Widths in characters: a column is never narrower or wider than these. */
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;
/** The header's bold letters and its filter button take more room than plain text. */
const headerWidth = (header: string) => Math.ceil(header.length * 1.1) + 3;

/** About how many characters a cell shows. */
function shownLength(value: XlsxCell, format: XlsxFormat | undefined): number {
  if (value === null || value === '') return 0;
  if (value instanceof Date) return format === 'datetime' ? 16 : 10;
  if (typeof value === 'number') {
    const text =
      format === 'number'
        ? value.toFixed(Math.min(3, (String(value).split('.')[1] ?? '').length))
        : String(value);
    // Group separators: one per three digits of the whole part.
    return text.length + Math.floor((text.split('.')[0]!.replace('-', '').length - 1) / 3);
  }
  if (typeof value === 'boolean') return 5;
  return Math.max(...value.split('\n').map((line) => line.length));
}

const sheetNameOf = (name: string) => name.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ');

/**
 * Writes one sheet to `out` a row at a time: each row waits while the zip or `out` is behind,
 * so a slow reader slows the writer instead of filling memory. The header row is frozen and
 * filterable (autoFilter over every row written); column widths fit the header and the first
 * WIDTH_SAMPLE_ROWS rows, which are held until then.
 */
export class XlsxWriter {
  readonly #sheet = new PassThrough();
  readonly #zip = new yazl.ZipFile();
  readonly #columns: readonly XlsxColumn[];
  readonly #signal: AbortSignal | undefined;
  readonly #sheetName: string;
  #row = 0;
  /** Rows waiting for the column widths; null once the sheet's head is written. */
  #sample: (readonly XlsxCell[])[] | null = [];

  constructor(
    out: Writable,
    options: { sheetName: string; columns: readonly XlsxColumn[]; signal?: AbortSignal },
  ) {
    this.#columns = options.columns;
    this.#signal = options.signal;
    this.#sheetName = sheetNameOf(options.sheetName);
    this.#zip.outputStream.pipe(out);
    this.#zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
    this.#zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels');
    this.#zip.addBuffer(Buffer.from(WORKBOOK_RELS), 'xl/_rels/workbook.xml.rels');
    this.#zip.addBuffer(Buffer.from(STYLES), 'xl/styles.xml');
    this.#zip.addReadStream(this.#sheet, 'xl/worksheets/sheet1.xml');
  }

  /** The sheet's head (its frozen pane and column widths) and the rows held for the widths. */
  #writeHead(): boolean {
    const sample = this.#sample ?? [];
    this.#sample = null;
    const cols = this.#columns
      .map((column, i) => {
        const width =
          column.width ??
          Math.min(
            MAX_WIDTH,
            Math.max(
              MIN_WIDTH,
              headerWidth(column.header),
              ...sample.map((row) => shownLength(row[i] ?? null, column.format) + 2),
            ),
          );
        return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
      })
      .join('');
    this.#sheet.write(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>`,
    );
    let flowing = this.#write(
      this.#columns.map((column) => column.header),
      true,
    );
    for (const row of sample) flowing = this.#write(row);
    return flowing;
  }

  #write(values: readonly XlsxCell[], header = false): boolean {
    const r = ++this.#row;
    const cells = values.map((value, i) => {
      if (value === null || value === undefined || value === '') return '';
      const ref = `${columnName(i)}${r}`;
      const format = header ? undefined : this.#columns[i]?.format;
      const style = header ? ` s="${STYLE.header}"` : format ? ` s="${STYLE[format]}"` : '';
      if (value instanceof Date) {
        const serial = value.getTime() / 86_400_000 + 25569;
        return Number.isFinite(serial) ? `<c r="${ref}"${style}><v>${serial}</v></c>` : '';
      }
      if (typeof value === 'number') {
        return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
      }
      if (typeof value === 'boolean') return `<c r="${ref}" t="b"${style}><v>${value ? 1 : 0}</v></c>`;
      // Digits a spreadsheet would turn into a number stay text when edited too (format "@").
      const textStyle = !header && isLongDigitString(value) ? ` s="${STYLE.text}"` : style;
      return `<c r="${ref}" t="inlineStr"${textStyle}><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
    });
    return this.#sheet.write(`<row r="${r}">${cells.join('')}</row>`);
  }

  /** Adds a row; resolves once the writer may take the next one. */
  async addRow(values: readonly XlsxCell[]): Promise<void> {
    if (this.#sample) {
      this.#sample.push(values);
      if (this.#sample.length < WIDTH_SAMPLE_ROWS) return;
      if (!this.#writeHead()) await once(this.#sheet, 'drain', { signal: this.#signal });
      return;
    }
    if (!this.#write(values)) await once(this.#sheet, 'drain', { signal: this.#signal });
  }

  /**
   * Closes the sheet, with its filter over every row written, and the package; `out` ends once
   * the last bytes are through.
   */
  finish(): void {
    if (this.#sample) this.#writeHead();
    const range = `A1:${columnName(Math.max(this.#columns.length, 1) - 1)}${this.#row}`;
    this.#sheet.end(`</sheetData><autoFilter ref="${range}"/></worksheet>`);
    // Excel names a filter's range so; the name's reference is absolute, on the first sheet.
    const absolute = range.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
    const sheet = xmlText(this.#sheetName).replace(/'/g, "''");
    const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(this.#sheetName)}" sheetId="1" r:id="rId1"/></sheets><definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${sheet}'!${absolute}</definedName></definedNames></workbook>`;
    this.#zip.addBuffer(Buffer.from(workbook), 'xl/workbook.xml');
    this.#zip.end();
  }
}
