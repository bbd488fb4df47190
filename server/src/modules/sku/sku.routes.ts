import { sku } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall, registerExport } from '../../http/calls';
import { type ExportColumn, exportStyleOf, sendExport } from '../../http/export';
import { skuExportQuery } from './sku.repository';
import * as service from './sku.service';

/** Every field of the SKU list, as the SKU page names them. */
const SKU_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'code', header: 'sku.fields.code' },
  { key: 'external_code', header: 'sku.fields.externalCode' },
  { key: 'name', header: 'sku.fields.name' },
  { key: 'business_line', header: 'sku.fields.businessLine' },
  { key: 'consignee', header: 'sku.fields.consignee' },
  { key: 'vendor', header: 'sku.fields.vendor' },
  { key: 'manufacturer_expire', header: 'sku.fields.manufacturerExpire', type: 'number' },
  { key: 'receive_expire', header: 'sku.fields.receiveExpire', type: 'number' },
  { key: 'ship_expire', header: 'sku.fields.shipExpire', type: 'number' },
  { key: 'receive_temp_min', header: 'sku.fields.receiveTempMin', type: 'number' },
  { key: 'receive_temp_max', header: 'sku.fields.receiveTempMax', type: 'number' },
  { key: 'commodity_code', header: 'sku.fields.commodityCode' },
  { key: 'production_country', header: 'sku.fields.productionCountry' },
  { key: 'price', header: 'sku.fields.price', type: 'number' },
  { key: 'vat_rate', header: 'sku.fields.vatRate', type: 'number' },
  { key: 'class_code', header: 'sku.fields.classCode' },
  { key: 'order_min', header: 'sku.fields.orderMin', type: 'number' },
  { key: 'order_step', header: 'sku.fields.orderStep', type: 'number' },
  { key: 'excise_code', header: 'sku.fields.exciseCode' },
  { key: 'alcohol_percent', header: 'sku.fields.alcoholPercent', type: 'number' },
];

export function registerSkuRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, sku.listSku, (input, { actor }) => service.listSku(deps, actor, input));
  registerExport(app, deps, sku.exportSku, (input, { reply, ...ctx }) =>
    sendExport(reply, deps.db, {
      query: skuExportQuery(deps.db, ctx.actor, input),
      columns: SKU_EXPORT_COLUMNS,
      ...exportStyleOf(input, ctx),
      filename: 'sku',
    }),
  );
  registerCall(app, deps, sku.listEan, (input, { actor }) => service.listEan(deps, actor, input));
  registerCall(app, deps, sku.saveSku, (input, { actor }) => service.saveSku(deps, actor, input));
}
