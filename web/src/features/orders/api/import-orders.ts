import { decode, orders } from '@extranet/contract';
import { postMultipart } from '../../../shared/api';
import type { OrderKind } from './keys';

export interface ImportRequest {
  file: File;
  dryRun: boolean;
  ready: boolean;
  mapping: Record<string, string>;
}

/** POST /orders/{kind}/import_orders: a preview (dry run) or the import itself, with its progress. */
export function importOrders(
  kind: OrderKind,
  request: ImportRequest,
  onProgress?: (fraction: number) => void,
): Promise<orders.ImportOrdersResponse> {
  const form = new FormData();
  form.append('dry_run', String(request.dryRun));
  form.append('ready', String(request.ready));
  if (Object.keys(request.mapping).length) form.append('mapping', JSON.stringify(request.mapping));
  form.append('file', request.file, request.file.name);
  return postMultipart(orders.importPath(kind), form, {
    onProgress,
    decode: (body) => decode(orders.ImportOrdersResponse, body),
  });
}
