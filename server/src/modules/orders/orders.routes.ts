import { orders } from '@extranet/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Deps, registerCall, registerExport, registerRawRoute } from '../../http/calls';
import { AppError } from '../../http/errors';
import { listOrderDocuments } from './orders.documents';
import { exportOrders } from './orders.export';
import { importOrders } from './orders.import';
import { applyToManyOrders } from './orders.many';
import { resetAllFailures, resetFailure, setDraft, setReady } from './orders.moves';
import {
  addOrder,
  editOrder,
  excludeOrder,
  getAddOrderDefaults,
  listOrders,
  viewOrder,
} from './orders.service';

/** The calls whose request and response are the same for both kinds. */
function registerKind(
  app: FastifyInstance,
  deps: Deps,
  kind: orders.OrderKind,
  calls: typeof orders.purch | typeof orders.sales,
) {
  registerCall(app, deps, calls.getAddOrderDefaults, (_input, { actor }) =>
    getAddOrderDefaults({ deps, actor }),
  );
  registerCall(app, deps, calls.addOrder, (input, { actor }) =>
    addOrder({ deps, actor, kind, fields: input.fields }),
  );
  registerCall(app, deps, calls.exclude, (input, { actor }) =>
    excludeOrder({ deps, actor, kind, headId: input.head_id }),
  );
  registerCall(app, deps, calls.setReady, (input, { actor }) =>
    setReady({ deps, actor, kind, headId: input.head_id }),
  );
  registerCall(app, deps, calls.setDraft, (input, { actor }) =>
    setDraft({ deps, actor, kind, headId: input.head_id }),
  );
  registerCall(app, deps, calls.setReadyMany, (input, { actor, request }) =>
    applyToManyOrders({ deps, actor, kind, headIds: input.head_ids, action: 'setReady', log: request.log }),
  );
  registerCall(app, deps, calls.setDraftMany, (input, { actor, request }) =>
    applyToManyOrders({ deps, actor, kind, headIds: input.head_ids, action: 'setDraft', log: request.log }),
  );
  registerCall(app, deps, calls.deleteMany, (input, { actor, request }) =>
    applyToManyOrders({ deps, actor, kind, headIds: input.head_ids, action: 'delete', log: request.log }),
  );
  registerCall(app, deps, calls.resetFailure, (input, { actor }) =>
    resetFailure({ deps, actor, kind, headId: input.head_id }),
  );
  registerCall(app, deps, calls.listDocuments, (input, { actor }) =>
    listOrderDocuments({ deps, actor, kind, headId: input.head_id }),
  );
  registerCall(app, deps, calls.resetAllFailures, (_input, { actor }) =>
    resetAllFailures({ deps, actor, kind }),
  );
  registerExport(app, deps, calls.exportOrders, (input, http) =>
    exportOrders({ deps, kind, what: 'orders', input, http }),
  );
  registerExport(app, deps, calls.exportLines, (input, http) =>
    exportOrders({ deps, kind, what: 'lines', input, http }),
  );
}

/** An import file: a spreadsheet of at most 10,000 rows fits well within this. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The multipart fields of an import (contract ImportOrdersFields) and its one file. */
async function readImportRequest(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError('malformed_api_request', {
            reason: `a file in the field "${part.fieldname}": the file goes in the field "file"`,
            field: part.fieldname,
          });
        }
        if (file) throw new AppError('too_many_files', { max: 1 });
        file = { name: part.filename, data: await part.toBuffer() };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('file_too_large', { max: IMPORT_MAX_BYTES });
    }
    throw new AppError('malformed_api_request', { reason: 'unreadable multipart body' });
  }
  if (!file) throw new AppError('malformed_api_request', { reason: 'no file' });
  if (file.data.length === 0) throw new AppError('file_empty');
  const parsed = orders.ImportOrdersFields.safeParse(fields);
  if (!parsed.success) throw new AppError('malformed_api_request', { reason: 'invalid fields' });
  let mapping: Record<string, string> = {};
  if (parsed.data.mapping) {
    try {
      const value: unknown = JSON.parse(parsed.data.mapping);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error('not an object');
      mapping = Object.fromEntries(Object.entries(value).map(([key, column]) => [key, String(column)]));
    } catch {
      throw new AppError('malformed_api_request', { reason: 'mapping is not a JSON object' });
    }
  }
  return { file, dryRun: parsed.data.dry_run === 'true', ready: parsed.data.ready === 'true', mapping };
}

/** POST /orders/{kind}/import_orders: multipart `file`, `dry_run`, `ready`, `mapping`. */
function registerImportRoutes(app: FastifyInstance, deps: Deps) {
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 10_000 },
      throwFileSizeLimit: true,
    });
    for (const kind of orders.ORDER_KINDS) {
      registerRawRoute(
        scope,
        deps,
        {
          method: 'POST',
          path: orders.importPath(kind),
          summary: `Imports ${kind === 'purch' ? 'purchase' : 'sales'} orders from a CSV or XLSX file (multipart).`,
          permission: [orders.ORDER_PERMISSION[kind]],
        },
        async (request, reply, { actor }) => {
          const input = await readImportRequest(request);
          return reply.send(await importOrders({ deps, actor, kind, ...input }));
        },
      );
    }
  });
}

/**
 * Purchase orders under /orders/purch (pord), sales orders under /orders/sales (sord). The list,
 * view and edit calls differ by kind and are registered one kind at a time, each checked against
 * its own schemas.
 */
export function registerOrderRoutes(app: FastifyInstance, deps: Deps) {
  registerImportRoutes(app, deps);
  registerKind(app, deps, 'purch', orders.purch);
  registerKind(app, deps, 'sales', orders.sales);

  registerCall(app, deps, orders.purch.listOrders, (input, { actor }) =>
    listOrders({ deps, actor, kind: 'purch', input }),
  );
  registerCall(app, deps, orders.sales.listOrders, (input, { actor }) =>
    listOrders({ deps, actor, kind: 'sales', input }),
  );
  registerCall(app, deps, orders.purch.viewOrder, (input, { actor, lang }) =>
    viewOrder({ deps, actor, kind: 'purch', headId: input.head_id, lang }),
  );
  registerCall(app, deps, orders.sales.viewOrder, (input, { actor, lang }) =>
    viewOrder({ deps, actor, kind: 'sales', headId: input.head_id, lang }),
  );
  registerCall(app, deps, orders.purch.editOrder, (input, { actor }) =>
    editOrder({ deps, actor, kind: 'purch', headId: input.head_id, fields: input.fields }),
  );
  registerCall(app, deps, orders.sales.editOrder, (input, { actor }) =>
    editOrder({ deps, actor, kind: 'sales', headId: input.head_id, fields: input.fields }),
  );
}
