import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';

import { stringify } from 'csv-stringify';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { translate } from '../i18n';
import { type XlsxCell, type XlsxFormat, XlsxWriter } from './xlsx';

/**
 * List exports: the rows a list shows, with its filters and ordering, as CSV or XLSX.
 * Rows come from the database through a cursor, a batch at a time, into a temporary file that
 * then goes out at the client's pace: a million rows never sit in memory, and a slow or vanished
 * client never holds the database. Headers are in the reader's language; in XLSX dates are dates
 * and amounts numbers.
 */

export type ExportFormat = 'csv' | 'xlsx';
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

function xlsxValue(value: unknown, type: ColumnType): XlsxCell {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'number') return Number(value);
  if (type === 'date') return new Date(`${value}T00:00:00Z`);
  if (type === 'datetime') return new Date(String(value));
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

function csvValue(value: unknown, type: ColumnType): string {
  if (value === null || value === undefined) return '';
  if (type === 'boolean') return value ? '1' : '0';
  return type === 'text' ? neutralizeFormula(String(value)) : String(value);
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
  options: {
    query: SQL;
    columns: readonly ExportColumn[];
    format: ExportFormat;
    lang: string;
    /** The file's name without its extension. */
    filename: string;
  },
) {
  const { columns, format, lang } = options;
  const headers = columns.map((column) => translate(lang, column.header));
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
      // A byte order mark, so that spreadsheet programs read UTF-8.
      const csv = stringify({ bom: true });
      csv.pipe(spool);
      csv.write(headers);
      addRows = async (rows) => {
        for (const row of rows) {
          if (!csv.write(columns.map((column) => csvValue(value(row, column), column.type ?? 'text')))) {
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
          width: Math.min(Math.max(headers[i]!.length + 2, 12), 40),
          format: XLSX_FORMATS[column.type ?? 'text'],
        })),
      });
      addRows = async (rows) => {
        for (const row of rows) {
          await xlsx.addRow(columns.map((column) => xlsxValue(value(row, column), column.type ?? 'text')));
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
