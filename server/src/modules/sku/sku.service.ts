import type { sku } from '@extranet/contract';
import Decimal from 'decimal.js';
import { assertConsigneePermitted, assertPartyPermitted } from '../../access/tenancy';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import * as repository from './sku.repository';

type PackagingRow = Awaited<ReturnType<typeof repository.listPackagingLines>>[number];

function toPackagingLine(row: PackagingRow): sku.SkuPackagingLine {
  return {
    sku_packaging_id: row.id,
    sku_id: row.skuId,
    code: row.code,
    gross_w: row.grossW,
    net_w: row.netW,
    dimensions: { width: row.width, height: row.height, length: row.length },
    volume: row.volume,
    pce_qty: row.pceQty,
  };
}

/** SPEC.md's top-level sku_id folded into the filters (the schema has checked that both agree). */
function withSkuFilter<Q extends { sku_id?: number; filters: { sku_id?: number } }>(query: Q): Q {
  return query.sku_id === undefined
    ? query
    : { ...query, filters: { ...query.filters, sku_id: query.sku_id } };
}

/** A table page, or with sku_id the one SKU with its packaging lines (two queries). */
export async function listSku(deps: Deps, actor: Actor, request: sku.ListSkuRequest) {
  const query = withSkuFilter(request);
  const rows = await repository.listSkuRows(deps.db, actor, query);
  const total = query.with_total ? await repository.countSkuRows(deps.db, actor, query.filters) : undefined;
  const page = toPage(rows, query, total);
  const withLines = query.filters.sku_id !== undefined;
  const lines = withLines
    ? await repository.listPackagingLines(
        deps.db,
        page.items.map((row) => row.sku_id),
      )
    : [];
  return {
    ...page,
    items: page.items.map(
      ({ vendor, general, ...row }): sku.SkuRow => ({
        ...row,
        general: { vendor: vendor?.vendor_id ? vendor : null, ...general },
        ...(withLines
          ? { lines: lines.filter((line) => line.skuId === row.sku_id).map(toPackagingLine) }
          : {}),
      }),
    ),
  };
}

export async function listEan(deps: Deps, actor: Actor, request: sku.ListEanRequest) {
  const query = withSkuFilter(request);
  const { rows, total } = await repository.listEans(deps.db, actor, query);
  return toPage(rows, query, total);
}

/** Litres from centimetres, when every size is known. */
function volumeOf(line: {
  width: string | null;
  height: string | null;
  length: string | null;
}): string | null {
  if (line.width === null || line.height === null || line.length === null) return null;
  return new Decimal(line.width).mul(line.height).mul(line.length).div(1000).toFixed(3);
}

export async function saveSku(deps: Deps, actor: Actor, input: sku.SaveSkuRequest) {
  await assertConsigneePermitted(deps.db, actor, input.consignee_id);
  const found = await repository.findSku(deps.db, actor, input.sku_id, input.consignee_id);
  if (!found) throw new AppError('sku_not_found', { sku_id: input.sku_id });
  const { storage, general } = input;
  if (general.vendor_id !== null) {
    await assertPartyPermitted(deps.db, actor, 'vendor', general.vendor_id, {
      consigneeId: found.consigneeId,
    });
  }
  const existing = new Set(await repository.packagingIdsOf(deps.db, found.id));
  const ids = input.lines.flatMap((line) => (line.sku_packaging_id === null ? [] : [line.sku_packaging_id]));
  const refused = ids.filter((id, index) => !existing.has(id) || ids.indexOf(id) !== index);
  if (refused.length) throw new AppError('malformed_api_request', { sku_packaging_id: refused });

  await deps.db.transaction(async (tx) => {
    await repository.updateSku(tx, found.id, {
      manufacturerExpire: storage.manufacturer_expire,
      receiveExpire: storage.receive_expire,
      shipExpire: storage.ship_expire,
      receiveTempMin: storage.receive_temp_min,
      receiveTempMax: storage.receive_temp_max,
      vendorId: general.vendor_id,
      commodityCode: general.commodity_code || null,
      price: general.price,
      vatRate: general.vat_rate,
      exciseCode: general.excise_code || null,
      alcoholPercent: general.alcohol_percent,
      orderMin: general.order_min,
      orderStep: general.order_step,
    });
    await repository.deletePackagingExcept(tx, found.id, ids);
    const values = (line: sku.SaveSkuRequest['lines'][number]): repository.PackagingValues => ({
      code: line.code,
      grossW: line.gross_w,
      netW: line.net_w,
      width: line.width,
      height: line.height,
      length: line.length,
      volume: volumeOf(line),
    });
    for (const line of input.lines) {
      if (line.sku_packaging_id !== null)
        await repository.updatePackaging(tx, found.id, line.sku_packaging_id, values(line));
    }
    await repository.insertPackaging(
      tx,
      found.id,
      input.lines.filter((line) => line.sku_packaging_id === null).map(values),
    );
  });
  return {};
}
