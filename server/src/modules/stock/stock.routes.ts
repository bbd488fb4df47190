import { stock } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall, registerExport } from '../../http/calls';
import { type ExportColumn, exportStyleOf, sendExport } from '../../http/export';
import { stockExportQuery } from './stock.repository';
import * as service from './stock.service';

/** The stock list's columns, as the screen shows them. */
const STOCK_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'business_line', header: 'stock.columns.businessLine' },
  { key: 'consignee', header: 'stock.columns.consignee' },
  { key: 'sku_code', header: 'stock.columns.skuCode' },
  { key: 'sku_name', header: 'stock.columns.skuName' },
  { key: 'status', header: 'stock.columns.status', values: 'warehouse.stockStatus' },
  { key: 'qty', header: 'stock.columns.qty', type: 'number' },
  { key: 'uom', header: 'stock.columns.uom' },
  { key: 'expiry_date', header: 'stock.columns.expiryDate', type: 'date' },
  { key: 'batch', header: 'stock.columns.batch' },
  { key: 'mfg_date', header: 'stock.columns.mfgDate', type: 'date' },
  { key: 'location', header: 'stock.columns.location' },
  { key: 'sscc', header: 'stock.columns.sscc' },
  { key: 'size', header: 'stock.columns.size' },
];

export function registerStockRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, stock.listStocks, (input, { actor, lang }) =>
    service.listStocks(deps, actor, input, lang),
  );
  registerExport(app, deps, stock.exportStocks, (input, { reply, ...ctx }) =>
    sendExport(reply, deps.db, {
      query: stockExportQuery(deps.db, ctx.actor, input, ctx.lang),
      columns: STOCK_EXPORT_COLUMNS,
      ...exportStyleOf(input, ctx),
      filename: 'stock',
    }),
  );
  registerCall(app, deps, stock.listBatches, (input, { actor }) => service.listBatches(deps, actor, input));
  registerCall(app, deps, stock.listExpiryDates, (input, { actor }) =>
    service.listExpiryDates(deps, actor, input),
  );
}
