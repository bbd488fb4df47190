import { encode, wms } from '@extranet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../http/calls';
import type { StorageDriver } from '../files/storage';
import { receiveWmsDocument } from './wms.documents';
import { receiveWmsEvent } from './wms.events';
import { WmsRefusal } from './wms.refusal';

const WMS_EVENT_BODY_LIMIT = 8 * 1024 * 1024;
/** Room for a document's meta part and the multipart framing beside its file. */
const DOCUMENT_PARTS_ALLOWANCE = 64 * 1024;

/**
 * POST /api/wms/events, for the warehouse system. Not a session call: the shared-secret signature
 * over the raw body is the authentication, so this route keeps the body as bytes (its own JSON
 * parser, in a scope of its own) and checks the signature before reading anything.
 */
export function registerWmsRoutes(app: FastifyInstance, deps: Deps, storage: StorageDriver) {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/wms/events',
      {
        // Master data carries up to 5,000 records an event.
        bodyLimit: WMS_EVENT_BODY_LIMIT,
        schema: { summary: 'Warehouse system events (HMAC-signed, see docs/operations.md)', tags: ['wms'] },
      },
      (request, reply) =>
        answer(request, reply, () =>
          receiveWmsEvent(deps, {
            timestamp: request.headers[wms.WMS_TIMESTAMP_HEADER],
            signature: request.headers[wms.WMS_SIGNATURE_HEADER],
            body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          }).then((result) => encode(wms.WmsEventResponse, result)),
        ),
    );
    // A document is signed over its raw multipart body, so the body is kept as bytes here too.
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/wms/documents',
      {
        bodyLimit: deps.config.COMMENT_MAX_FILESIZE + DOCUMENT_PARTS_ALLOWANCE,
        schema: {
          summary: 'A document of the warehouse about an order (multipart meta + file, HMAC-signed)',
          tags: ['wms'],
        },
      },
      (request, reply) =>
        answer(request, reply, () =>
          receiveWmsDocument(deps, storage, {
            timestamp: request.headers[wms.WMS_TIMESTAMP_HEADER],
            signature: request.headers[wms.WMS_SIGNATURE_HEADER],
            contentType: request.headers['content-type'],
            body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          }).then((result) => encode(wms.WmsDocumentResponse, result)),
        ),
    );
  });
}

/** The answer of a warehouse route: its result as JSON, or its refusal with the refusal's status. */
async function answer(request: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) {
  try {
    const result = await run();
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
  } catch (error) {
    if (!(error instanceof WmsRefusal)) throw error;
    if (error.code !== 'wms_event_duplicate') {
      request.log.warn({ code: error.code, details: error.details }, 'warehouse event refused');
    }
    return reply
      .code(wms.WMS_FAILURES[error.code])
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ failure: { code: error.code, details: error.details } }));
  }
}
