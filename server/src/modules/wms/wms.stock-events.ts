import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { consignees, skus, stockRows } from '../../db/schema';
import { selectStockRows } from '../stock/stock.repository';
import { emitWebhookEvents } from '../webhooks/webhooks.emit';

/** Stock rows a stock.changed event carries per SKU at most. */
const EVENT_ROWS_PER_SKU = 1000;

/**
 * The stock rows of some SKUs of one consignee as the stock list shows them (units in English), at
 * most `perSku` + 1 of each, in the order they were made: one query for them all.
 */
async function stockRowsOfSkus(db: Executor, consigneeId: number, skuIds: readonly number[], perSku: number) {
  const ranked = db
    .select({
      id: stockRows.id,
      rank: sql<number>`row_number() over (partition by ${stockRows.skuId} order by ${stockRows.id})`.as(
        'rank',
      ),
    })
    .from(stockRows)
    .where(and(eq(stockRows.consigneeId, consigneeId), inArray(stockRows.skuId, [...skuIds])))
    .as('ranked');
  return selectStockRows(db, 'en')
    .where(
      inArray(
        stockRows.id,
        db
          .select({ id: ranked.id })
          .from(ranked)
          .where(sql`${ranked.rank} <= ${perSku + 1}`),
      ),
    )
    .orderBy(stockRows.id);
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
        const own = rows.filter((row) => row.sku.sku_id === sku.id);
        return {
          key: `stock:${sku.id}`,
          data: {
            consignee: { consignee_id: consigneeId, name: sku.consignee },
            sku: { sku_id: sku.id, external_code: sku.code, name: sku.name },
            rows: own.slice(0, EVENT_ROWS_PER_SKU),
            more: own.length > EVENT_ROWS_PER_SKU,
          },
        };
      });
    },
  });
}
