import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businessLines, consignees, locations, skus, stockRows, uoms } from '../../db/schema';
import { uomName } from '../catalogs/catalogs.repository';
import { emitWebhookEvents } from '../webhooks/webhooks.emit';

/** Stock rows a stock.changed event carries per SKU at most. */
const EVENT_ROWS_PER_SKU = 1000;

/**
 * The stock rows of some SKUs of one consignee as the stock list shows them (contract
 * `StockRow`, units in English), at most `perSku` + 1 of each: one query for them all.
 */
async function stockRowsOfSkus(db: Executor, consigneeId: number, skuIds: readonly number[], perSku: number) {
  const ranked = db
    .select({
      stock_id: sql<number>`${stockRows.id}`.as('stock_id'),
      business_line_id: sql<number>`${businessLines.id}`.as('business_line_id'),
      business_line_name: sql<string>`${businessLines.name}`.as('business_line_name'),
      consignee_name: sql<string>`${consignees.name}`.as('consignee_name'),
      sku_id: sql<number>`${skus.id}`.as('sku_id'),
      sku_name: sql<string>`${skus.name}`.as('sku_name'),
      sku_code: sql<string>`${skus.externalCode}`.as('sku_code'),
      status_code: sql<string | null>`${stockRows.statusCode}`.as('status_code'),
      status_desc: sql<string | null>`${stockRows.statusDesc}`.as('status_desc'),
      qty: sql<string>`${stockRows.qty}::text`.as('qty'),
      uom_id: sql<number>`${uoms.id}`.as('uom_id'),
      uom_name: sql<string>`${uomName('en')}`.as('uom_name'),
      expiry_date: sql<string | null>`${stockRows.expiryDate}::text`.as('expiry_date'),
      batch: sql<string | null>`${stockRows.batch}`.as('batch'),
      mfg_date: sql<string | null>`${stockRows.mfgDate}::text`.as('mfg_date'),
      location_id: sql<number>`${locations.id}`.as('location_id'),
      location_label: sql<string>`${locations.label}`.as('location_label'),
      sscc: sql<string | null>`${stockRows.sscc}`.as('sscc'),
      size: sql<string | null>`${stockRows.size}`.as('size'),
      rank: sql<number>`row_number() over (partition by ${stockRows.skuId} order by ${stockRows.id})`.as(
        'rank',
      ),
    })
    .from(stockRows)
    .innerJoin(consignees, eq(consignees.id, stockRows.consigneeId))
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .innerJoin(skus, eq(skus.id, stockRows.skuId))
    .innerJoin(uoms, eq(uoms.id, stockRows.uomId))
    .innerJoin(locations, eq(locations.id, stockRows.locationId))
    .where(and(eq(stockRows.consigneeId, consigneeId), inArray(stockRows.skuId, [...skuIds])))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perSku + 1}`);
  return rows.map((row) => ({
    skuId: row.sku_id,
    rank: Number(row.rank),
    row: {
      stock_id: row.stock_id,
      business_line: { business_line_id: row.business_line_id, name: row.business_line_name },
      consignee: { consignee_id: consigneeId, name: row.consignee_name },
      sku: { sku_id: row.sku_id, name: row.sku_name, external_code: row.sku_code },
      status: { code: row.status_code, desc: row.status_desc },
      qty: row.qty,
      uom: { uom_id: row.uom_id, name: row.uom_name },
      expiry_date: row.expiry_date,
      batch: row.batch,
      mfg_date: row.mfg_date,
      warehouse: { location_id: row.location_id, name: row.location_label },
      sscc: row.sscc,
      size: row.size,
    },
  }));
}

/**
 * A stock.changed event per SKU whose stock the warehouse changed, in the transaction of the
 * change: the SKU's rows as the stock list shows them after it (none when it is all gone).
 */
export async function emitStockChanged(tx: Executor, consigneeId: number, skuIds: readonly number[]) {
  if (skuIds.length === 0) return;
  await emitWebhookEvents(tx, {
    type: 'stock.changed',
    company: sql`select ${consignees.companyId} from ${consignees} where ${consignees.id} = ${consigneeId}`,
    build: async () => {
      const named = await tx
        .select({ id: skus.id, code: skus.externalCode, name: skus.name, consignee: consignees.name })
        .from(skus)
        .innerJoin(consignees, eq(consignees.id, skus.consigneeId))
        .where(and(eq(skus.consigneeId, consigneeId), inArray(skus.id, [...skuIds])))
        .orderBy(skus.id);
      const rows = await stockRowsOfSkus(tx, consigneeId, skuIds, EVENT_ROWS_PER_SKU);
      return named.map((sku) => {
        const own = rows.filter((entry) => entry.skuId === sku.id).sort((a, b) => a.rank - b.rank);
        return {
          key: `stock:${sku.id}`,
          data: {
            consignee: { consignee_id: consigneeId, name: sku.consignee },
            sku: { sku_id: sku.id, external_code: sku.code, name: sku.name },
            rows: own.slice(0, EVENT_ROWS_PER_SKU).map((entry) => entry.row),
            more: own.length > EVENT_ROWS_PER_SKU,
          },
        };
      });
    },
  });
}
