import type { sku } from '@extranet/contract';
import { and, asc, count, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { consigneeCondition } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import { businessLines, consignees, skuEans, skuPackaging, skus, vendors } from '../../db/schema';
import { aliased as as } from '../../http/export';
import { ilikeAny, orderingSql, pageWindow, searchTextContains, totalOf } from '../../http/lists';
import type { Actor } from '../../http/session';

function skuConditions(actor: Actor, filters: sku.ListSkuRequest['filters']): SQL | undefined {
  return and(
    consigneeCondition(actor, skus.consigneeId),
    filters.sku_id === undefined ? undefined : eq(skus.id, filters.sku_id),
    filters.consignee_id === undefined ? undefined : eq(skus.consigneeId, filters.consignee_id),
    filters.business_line_id === undefined
      ? undefined
      : eq(consignees.businessLineId, filters.business_line_id),
    filters.smart ? searchTextContains(skus.searchText, filters.smart) : undefined,
  );
}

/** The order of the SKU list, its export's too. */
function skuListOrder(ordering: sku.ListSkuRequest['ordering']) {
  return orderingSql(
    ordering,
    { sku_id: skus.id, name: skus.name, external_code: skus.externalCode },
    skus.id,
    [asc(skus.name), asc(skus.id)],
  );
}

export async function listSkuRows(db: Executor, actor: Actor, query: sku.ListSkuRequest) {
  const window = pageWindow(query);
  return db
    .select({
      sku_id: skus.id,
      code: skus.code,
      external_code: skus.externalCode,
      name: skus.name,
      business_line: { business_line_id: businessLines.id, name: businessLines.name },
      consignee: { consignee_id: consignees.id, name: consignees.name },
      storage: {
        manufacturer_expire: skus.manufacturerExpire,
        receive_expire: skus.receiveExpire,
        ship_expire: skus.shipExpire,
        receive_temp_min: skus.receiveTempMin,
        receive_temp_max: skus.receiveTempMax,
      },
      vendor: { vendor_id: vendors.id, external_code: vendors.externalCode, name: vendors.name },
      general: {
        commodity_code: skus.commodityCode,
        production_country: skus.productionCountry,
        price: skus.price,
        vat_rate: skus.vatRate,
        class_code: skus.classCode,
        order_min: skus.orderMin,
        order_step: skus.orderStep,
        excise_code: skus.exciseCode,
        alcohol_percent: skus.alcoholPercent,
      },
    })
    .from(skus)
    .innerJoin(consignees, eq(consignees.id, skus.consigneeId))
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .leftJoin(vendors, eq(vendors.id, skus.vendorId))
    .where(skuConditions(actor, query.filters))
    .orderBy(...skuListOrder(query.ordering))
    .limit(window.limit)
    .offset(window.offset);
}

/** The SKUs the list shows, for the export (http/export.ts). */
export function skuExportQuery(db: Executor, actor: Actor, query: sku.ExportSkuRequest): SQL {
  return db
    .select({
      code: as(skus.code, 'code'),
      external_code: as(skus.externalCode, 'external_code'),
      name: as(skus.name, 'name'),
      business_line: as(businessLines.name, 'business_line'),
      consignee: as(consignees.name, 'consignee'),
      vendor: as(vendors.name, 'vendor'),
      manufacturer_expire: as(skus.manufacturerExpire, 'manufacturer_expire'),
      receive_expire: as(skus.receiveExpire, 'receive_expire'),
      ship_expire: as(skus.shipExpire, 'ship_expire'),
      receive_temp_min: as(skus.receiveTempMin, 'receive_temp_min'),
      receive_temp_max: as(skus.receiveTempMax, 'receive_temp_max'),
      commodity_code: as(skus.commodityCode, 'commodity_code'),
      production_country: as(skus.productionCountry, 'production_country'),
      price: as(skus.price, 'price'),
      vat_rate: as(skus.vatRate, 'vat_rate'),
      class_code: as(skus.classCode, 'class_code'),
      order_min: as(skus.orderMin, 'order_min'),
      order_step: as(skus.orderStep, 'order_step'),
      excise_code: as(skus.exciseCode, 'excise_code'),
      alcohol_percent: as(skus.alcoholPercent, 'alcohol_percent'),
    })
    .from(skus)
    .innerJoin(consignees, eq(consignees.id, skus.consigneeId))
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .leftJoin(vendors, eq(vendors.id, skus.vendorId))
    .where(skuConditions(actor, query.filters))
    .orderBy(...skuListOrder(query.ordering))
    .getSQL();
}

export async function countSkuRows(db: Executor, actor: Actor, filters: sku.ListSkuRequest['filters']) {
  const [row] = await db
    .select({ value: count() })
    .from(skus)
    .innerJoin(consignees, eq(consignees.id, skus.consigneeId))
    .where(skuConditions(actor, filters));
  return row?.value ?? 0;
}

export async function listPackagingLines(db: Executor, skuIds: number[]) {
  if (skuIds.length === 0) return [];
  return db
    .select()
    .from(skuPackaging)
    .where(inArray(skuPackaging.skuId, skuIds))
    .orderBy(asc(skuPackaging.skuId), asc(skuPackaging.id));
}

export async function listEans(db: Executor, actor: Actor, query: sku.ListEanRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  const where = and(
    consigneeCondition(actor, skus.consigneeId),
    filters.sku_id === undefined ? undefined : eq(skuEans.skuId, filters.sku_id),
    filters.smart ? ilikeAny(filters.smart, skuEans.eanText) : undefined,
  );
  const rows = await db
    .select({
      ean_id: skuEans.id,
      sku_id: skuEans.skuId,
      ean_text: skuEans.eanText,
      ean_type_code: skuEans.eanTypeCode,
    })
    .from(skuEans)
    .innerJoin(skus, eq(skus.id, skuEans.skuId))
    .where(where)
    .orderBy(
      query.ordering === '-ean_text'
        ? desc(skuEans.eanText)
        : asc(query.ordering ? skuEans.eanText : skuEans.id),
      asc(skuEans.id),
    )
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () =>
    db.select({ value: count() }).from(skuEans).innerJoin(skus, eq(skus.id, skuEans.skuId)).where(where),
  );
  return { rows, total };
}

/** A SKU of the given consignee that the actor may see. */
export async function findSku(db: Executor, actor: Actor, skuId: number, consigneeId: number) {
  const [row] = await db
    .select({ id: skus.id, consigneeId: skus.consigneeId })
    .from(skus)
    .where(
      and(eq(skus.id, skuId), eq(skus.consigneeId, consigneeId), consigneeCondition(actor, skus.consigneeId)),
    );
  return row;
}

export async function packagingIdsOf(db: Executor, skuId: number): Promise<number[]> {
  const rows = await db
    .select({ id: skuPackaging.id })
    .from(skuPackaging)
    .where(eq(skuPackaging.skuId, skuId));
  return rows.map((row) => row.id);
}

export async function updateSku(db: Executor, skuId: number, values: Partial<typeof skus.$inferInsert>) {
  await db.update(skus).set(values).where(eq(skus.id, skuId));
}

export type PackagingValues = Pick<
  typeof skuPackaging.$inferInsert,
  'grossW' | 'netW' | 'width' | 'height' | 'length' | 'volume'
> & { code: string };

export async function deletePackagingExcept(db: Executor, skuId: number, keepIds: number[]) {
  await db
    .delete(skuPackaging)
    .where(
      and(eq(skuPackaging.skuId, skuId), keepIds.length ? notInArray(skuPackaging.id, keepIds) : undefined),
    );
}

export async function updatePackaging(db: Executor, skuId: number, id: number, values: PackagingValues) {
  await db
    .update(skuPackaging)
    .set(values)
    .where(and(eq(skuPackaging.id, id), eq(skuPackaging.skuId, skuId)));
}

export async function insertPackaging(db: Executor, skuId: number, values: PackagingValues[]) {
  if (values.length) await db.insert(skuPackaging).values(values.map((value) => ({ ...value, skuId })));
}
