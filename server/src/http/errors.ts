import { ERROR_STATUS, type ErrorCode, type Failure } from '@extranet/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A refusal by a business rule, answered 200 + failure (or the code's own status). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(code);
  }
}

export function sendFailure(reply: FastifyReply, status: number, failure: Failure): FastifyReply {
  // A string body skips the route's response serializer, which knows only the success shape.
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ failure }));
}

interface Issue {
  instancePath?: string;
  keyword?: string;
  params?: { issue?: { code?: string; path?: PropertyKey[] } };
  message?: string;
}

/** Maps a schema refusal of a list request to its crud_* code (DESIGN.md §3). */
function validationCode(issues: Issue[]): ErrorCode {
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const code = issue.params?.issue?.code ?? issue.keyword;
    if (path[0] === 'filters' && code === 'unrecognized_keys') return 'crud_filter_unknown';
    if (path[0] === 'filters' && path.length > 1) return 'crud_filter_invalid_type';
    if (path[0] === 'ordering') return 'crud_order_unknown';
  }
  return 'malformed_api_request';
}

function validationDetails(issues: Issue[]) {
  return issues.slice(0, 10).map((issue) => ({
    path: (issue.params?.issue?.path ?? []).map(String).join('.'),
    message: issue.message,
  }));
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return sendFailure(reply, ERROR_STATUS[error.code] ?? 200, { code: error.code, details: error.details });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation as Issue[];
    return sendFailure(reply, 400, { code: validationCode(issues), details: validationDetails(issues) });
  }
  if (error.statusCode === 429) {
    return sendFailure(reply, 429, { code: 'rate_limited' });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Unparsable JSON, oversize bodies, wrong content types: the request, not the server.
    request.log.info({ err: error }, 'malformed request');
    return sendFailure(reply, 400, { code: 'malformed_api_request', details: error.code });
  }
  request.log.error({ err: error, reqId: request.id }, 'unexpected error');
  return sendFailure(reply, 500, { code: 'server_error', details: { request_id: request.id } });
}
