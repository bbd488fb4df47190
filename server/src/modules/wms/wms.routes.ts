import { encode, wms } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/calls';
import { receiveWmsEvent, WmsRefusal } from './wms.service';

const WMS_EVENT_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * POST /api/wms/events, for the warehouse system. Not a session call: the shared-secret signature
 * over the raw body is the authentication, so this route keeps the body as bytes (its own JSON
 * parser, in a scope of its own) and checks the signature before reading anything.
 */
export function registerWmsRoutes(app: FastifyInstance, deps: Deps) {
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
      async (request, reply) => {
        try {
          const result = await receiveWmsEvent(deps, {
            timestamp: request.headers[wms.WMS_TIMESTAMP_HEADER],
            signature: request.headers[wms.WMS_SIGNATURE_HEADER],
            body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          });
          return reply
            .type('application/json; charset=utf-8')
            .send(JSON.stringify(encode(wms.WmsEventResponse, result)));
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
      },
    );
  });
}
