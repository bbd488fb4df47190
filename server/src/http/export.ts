import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';

import type { CsvStyle, ExportFormat } from '@extranet/contract';
import { stringify } from 'csv-stringify';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { translate } from '../i18n';
import type { CallContext } from './calls';
import type { XlsxCell } from './xlsx';
import { isLongDigitString, type XlsxFormat, XlsxWriter } from './xlsx-write';

/**
 * List exports: the rows a list shows, with its filters and ordering, as CSV or XLSX.
 * Rows come from the database through a cursor, a batch at a time, into a temporary file that
 * then goes out at the client's pace: a million rows never sit in memory, and a slow or vanished
 * client never holds the database. Headers are in the reader's language; in XLSX dates are dates
 * and amounts numbers. CSV is written for the reader's spreadsheet (`local`: the language's
 * separator and decimal mark, dates and times as the screen shows them) or for a program
 * (`machine`: comma, dot, ISO dates, times in UTC): contract list.ts `CSV_STYLES`.
 */

type ColumnType = 'text' | 'number' | 'date' | 'datetime' | 'boolean';

export interface ExportColumn {
  /** The alias of the column in the export's query. */
  key: string;
  /** A key of the locale files, e.g. `orders.fields.consignee`. */
  header: string;
  type?: ColumnType;
  /**
   * Values that are codes, written as the locale's `<values>.<code>` (a progress, a status); a
   * value the locale has no text for is written as it is.
   */
  values?: string;
}

const BATCH = 1000;
const CURSOR = 'export_rows';

/** A column (or expression) of an export's query under the key its ExportColumn names. */
export const aliased = <T>(value: SQL<T> | AnyColumn, name: string) => sql<T>`${value}`.as(name);

/**
 * A warehouse status for an export column with `values`: its code when the product words it,
 * else the warehouse's description (or the code when it gave none).
 */
export const statusValue = (code: AnyColumn, desc: AnyColumn, known: readonly string[]) =>
  sql<string>`case when ${code} in (${sql.join(
    known.map((value) => sql`${value}`),
    sql`, `,
  )}) then ${code} else coalesce(${desc}, ${code}) end`;

/** A date column as `YYYY-MM-DD` text, whatever the driver would make of a date. */
export const dateText = (column: SQL | unknown) => sql<string>`to_char(${column}, 'YYYY-MM-DD')`;
/** A timestamp as ISO 8601 text in UTC. */
export const dateTimeText = (column: SQL | unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** How one export is written: its format, CSV style, the reader's language and time zone. */
export interface ExportStyle {
  format: ExportFormat;
  csvStyle: CsvStyle;
  lang: string;
  /** The zone times are written in; undefined: UTC, and the headers of time columns say so. */
  timeZone: string | undefined;
}

/**
 * The style of an export call: as asked, else `local` for a person (a session, or an API key
 * that names a language) and `machine` for an API key without Accept-Language, so that
 * integrations written before the option get the same file as before.
 */
export function exportStyleOf(
  input: { format: ExportFormat; csv_style?: CsvStyle; tz?: string },
  ctx: Pick<CallContext, 'actor' | 'request' | 'lang'>,
): ExportStyle {
  const integration = ctx.actor.apiKeyId !== undefined && !ctx.request.headers['accept-language'];
  return {
    format: input.format,
    csvStyle: input.csv_style ?? (integration ? 'machine' : 'local'),
    lang: ctx.lang,
    timeZone: input.tz,
  };
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The date and time on a clock in `zone` at an instant: [year, month, day, hour, minute, second]. */
function wallClock(instant: Date, zone: string): number[] {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return ['year', 'month', 'day', 'hour', 'minute', 'second'].map((type) => Number(parts[type]));
}

/** An instant as the same date and time in UTC as a clock in `zone` shows (what XLSX holds). */
function zonedAsUtc(instant: Date, zone: string | undefined): Date {
  if (!zone || Number.isNaN(instant.getTime())) return instant;
  const [year, month, day, hour, minute, second] = wallClock(instant, zone) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, instant.getUTCMilliseconds()));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` as the screens write a date: DD.MM.YYYY (SPEC.md §5). */
const screenDate = (iso: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
};

/** An instant as the screens write it, DD.MM.YYYY HH:mm, on a clock in `zone` (UTC without one). */
function screenDateTime(iso: string, zone: string | undefined): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const local = zonedAsUtc(instant, zone);
  return `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The language's decimal mark, as its spreadsheets read numbers: ',' in ru and lv, '.' in en. */
export function decimalMarkOf(lang: string): string {
  return new Intl.NumberFormat(lang).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

function xlsxValue(value: unknown, type: ColumnType, zone: string | undefined): XlsxCell {
  if (value === null || value === undefined || value === '') return null;
  // A number column's code-like value (a leading zero, more digits than a double keeps) stays text.
  if (type === 'number') return isLongDigitString(String(value)) ? String(value) : Number(value);
  if (type === 'date') return new Date(`${value}T00:00:00Z`);
  if (type === 'datetime') return zonedAsUtc(new Date(String(value)), zone);
  if (type === 'boolean') return Boolean(value);
  return String(value);
}

/**
 * A text a spreadsheet would run as a formula (it begins with =, +, -, @, a tab or a carriage
 * return: OWASP's CSV injection rule) gets a leading apostrophe, and so does one that already
 * begins with apostrophes before such a character, so that an import (orders.import.ts
 * `unneutralizeFormula`) takes exactly one away and reads back what was exported.
 */
export const neutralizeFormula = (text: string) => (/^'*[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A CSV cell: machine form as stored (ISO dates, UTC times, dots); local form as the screen writes it. */
function csvValue(value: unknown, type: ColumnType, style: ExportStyle, decimalMark: string): string {
  if (value === null || value === undefined) return '';
  if (type === 'boolean') return value ? '1' : '0';
  const text = String(value);
  if (type === 'text') return neutralizeFormula(text);
  if (style.csvStyle === 'machine') return text;
  if (type === 'number')
    return decimalMark === '.' || isLongDigitString(text) ? text : text.replace('.', decimalMark);
  if (type === 'date') return screenDate(text);
  if (type === 'datetime') return screenDateTime(text, style.timeZone);
  return text;
}

const XLSX_FORMATS: Partial<Record<ColumnType, XlsxFormat>> = {
  date: 'date',
  datetime: 'datetime',
  number: 'number',
};

/**
 * Answers the query's rows as a file. The rows are first written to a temporary file, straight
 * from the database (a cursor in a short transaction, a batch at a time): the transaction lasts
 * as long as the database and the disk take, never as long as the client takes to read. Then the
 * file goes out with its Content-Length, at the client's pace, and is deleted once sent or
 * abandoned. A client that leaves while the file is being written ends the work and its
 * transaction at the next batch.
 */
export async function sendExport(
  reply: FastifyReply,
  db: Db,
  options: ExportStyle & {
    query: SQL;
    columns: readonly ExportColumn[];
    /** The file's name without its extension. */
    filename: string;
  },
) {
  const { columns, format, lang } = options;
  const decimalMark = decimalMarkOf(lang);
  const machine = format === 'csv' && options.csvStyle === 'machine';
  // Times without a zone are UTC: the header says so, unless the ISO text does (machine CSV).
  const inUtc = !options.timeZone && !machine;
  const headers = columns.map((column) => {
    const header = translate(lang, column.header);
    return inUtc && column.type === 'datetime' ? `${header} (UTC)` : header;
  });
  const value = (row: Record<string, unknown>, column: ExportColumn) => {
    const raw = row[column.key];
    if (!column.values || raw === null || raw === undefined) return raw;
    const key = `${column.values}.${raw}`;
    const text = translate(lang, key);
    return text === key ? raw : text;
  };
  const stamp = new Date().toISOString().slice(0, 10);
  const name = `${options.filename}-${stamp}.${format}`;

  // The client leaving (its connection closing before the answer is complete) stops the work.
  const left = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) left.abort(new Error('the client left'));
  };
  reply.raw.once('close', onClose);

  const dir = await mkdtemp(path.join(tmpdir(), 'extranet-export-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const spoolPath = path.join(dir, name);
  try {
    const spool = createWriteStream(spoolPath);
    const written = finished(spool);
    written.catch(() => {});
    let addRows: (rows: Record<string, unknown>[]) => Promise<void>;
    let finish: () => void;
    if (format === 'csv') {
      // A byte order mark, so that spreadsheet programs read UTF-8; a language that writes decimal
      // commas separates its cells with ';', as its spreadsheets expect.
      const csv = stringify({ bom: true, delimiter: !machine && decimalMark === ',' ? ';' : ',' });
      csv.pipe(spool);
      csv.write(headers);
      addRows = async (rows) => {
        for (const row of rows) {
          if (
            !csv.write(
              columns.map((column) =>
                csvValue(value(row, column), column.type ?? 'text', options, decimalMark),
              ),
            )
          ) {
            await once(csv, 'drain', { signal: left.signal });
          }
        }
      };
      finish = () => csv.end();
    } else {
      const xlsx = new XlsxWriter(spool, {
        sheetName: options.filename,
        signal: left.signal,
        columns: columns.map((column, i) => ({
          header: headers[i]!,
          format: XLSX_FORMATS[column.type ?? 'text'],
        })),
      });
      addRows = async (rows) => {
        for (const row of rows) {
          await xlsx.addRow(
            columns.map((column) => xlsxValue(value(row, column), column.type ?? 'text', options.timeZone)),
          );
        }
      };
      finish = () => xlsx.finish();
    }
    try {
      await forEachBatch(db, options.query, addRows, left.signal);
      finish();
      await written;
    } catch (error) {
      spool.destroy();
      throw error;
    }
    const { size } = await stat(spoolPath);
    const file = createReadStream(spoolPath);
    file.once('close', () => void remove());
    reply.raw.off('close', onClose);
    return reply
      .header(
        'content-type',
        format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('content-length', String(size))
      .header('cache-control', 'no-store')
      .send(file);
  } catch (error) {
    await remove();
    reply.raw.off('close', onClose);
    if (left.signal.aborted) {
      // Nobody is left to answer: the request ends here, without a reply.
      reply.log.info('export abandoned by the client');
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    throw error;
  }
}

/**
 * Runs the query behind a cursor in its own transaction and hands its rows on, a batch at a
 * time; stops (rolling back) at the next batch once `signal` is aborted.
 */
async function forEachBatch(
  db: Db,
  query: SQL,
  onBatch: (rows: Record<string, unknown>[]) => Promise<void>,
  signal: AbortSignal,
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`declare ${sql.identifier(CURSOR)} no scroll cursor for ${query}`);
    for (;;) {
      signal.throwIfAborted();
      const result = (await tx.execute(sql.raw(`fetch forward ${BATCH} from ${CURSOR}`))) as unknown as {
        rows: Record<string, unknown>[];
      };
      if (result.rows.length === 0) break;
      await onBatch(result.rows);
      if (result.rows.length < BATCH) break;
    }
  });
}
