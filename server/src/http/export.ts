import { once } from 'node:events';
import { PassThrough } from 'node:stream';

import { stringify } from 'csv-stringify';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { translate } from '../i18n';

/**
 * List exports: the rows a list shows, with its filters and ordering, as CSV or XLSX.
 * Rows come from the database through a cursor, a batch at a time, and go out as they come: a
 * million rows never sit in memory. Headers are in the reader's language; in XLSX dates are dates
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

function xlsxValue(value: unknown, type: ColumnType): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'number') return Number(value);
  if (type === 'date') return new Date(`${value}T00:00:00Z`);
  if (type === 'datetime') return new Date(String(value));
  if (type === 'boolean') return Boolean(value);
  return String(value);
}

function csvValue(value: unknown, type: ColumnType): string {
  if (value === null || value === undefined) return '';
  if (type === 'boolean') return value ? '1' : '0';
  return String(value);
}

const NUMBER_FORMATS: Partial<Record<ColumnType, string>> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  number: '#,##0.###',
};

/**
 * Answers the query's rows as a file. The query runs in a transaction of its own behind a
 * cursor; each batch is written before the next is fetched, so a slow reader slows the export,
 * not the memory.
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
  const body = new PassThrough();
  const stamp = new Date().toISOString().slice(0, 10);
  const file = `${options.filename}-${stamp}.${format}`;
  reply
    .header(
      'content-type',
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store');

  const produce = async () => {
    let addRows: (rows: Record<string, unknown>[]) => Promise<void>;
    let finish: () => Promise<void>;
    if (format === 'csv') {
      // A byte order mark, so that spreadsheet programs read UTF-8.
      const csv = stringify({ bom: true });
      csv.pipe(body);
      csv.write(headers);
      addRows = async (rows) => {
        for (const row of rows) {
          if (!csv.write(columns.map((column) => csvValue(value(row, column), column.type ?? 'text')))) {
            await once(csv, 'drain');
          }
        }
      };
      finish = async () => {
        csv.end();
        await once(body, 'end').catch(() => {});
      };
    } else {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true });
      const sheet = workbook.addWorksheet(options.filename);
      sheet.columns = columns.map((column, i) => ({
        header: headers[i],
        key: column.key,
        width: Math.min(Math.max(headers[i]!.length + 2, 12), 40),
        style: NUMBER_FORMATS[column.type ?? 'text'] ? { numFmt: NUMBER_FORMATS[column.type ?? 'text'] } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      addRows = async (rows) => {
        for (const row of rows) {
          sheet
            .addRow(columns.map((column) => xlsxValue(value(row, column), column.type ?? 'text')))
            .commit();
        }
      };
      finish = async () => {
        sheet.commit();
        await workbook.commit();
      };
    }
    await forEachBatch(db, options.query, addRows);
    await finish();
  };
  produce().catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(body);
}

/** Runs the query behind a cursor in its own transaction and hands its rows on, a batch at a time. */
export async function forEachBatch(
  db: Db,
  query: SQL,
  onBatch: (rows: Record<string, unknown>[]) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`declare ${sql.identifier(CURSOR)} no scroll cursor for ${query}`);
    for (;;) {
      const result = (await tx.execute(sql.raw(`fetch forward ${BATCH} from ${CURSOR}`))) as unknown as {
        rows: Record<string, unknown>[];
      };
      if (result.rows.length === 0) break;
      await onBatch(result.rows);
      if (result.rows.length < BATCH) break;
    }
  });
}
