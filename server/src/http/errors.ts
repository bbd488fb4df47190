import { ERROR_STATUS, type ErrorCode, type Failure, type InputFailures } from '@extranet/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseBusy, isDatabaseUnavailable, isStatementTimeout, uniqueViolation } from '../db/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's schema refusals answered with a business code (contract `InputFailures`). */
    inputFailures?: InputFailures;
  }
}

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

/** A schema refusal as fastify-type-provider-zod reports it: the zod issue's path and code. */
interface Issue {
  instancePath?: string;
  keyword?: string;
  message?: string;
}

const pathOf = (issue: Issue) => issue.instancePath?.split('/').filter(Boolean) ?? [];

/** Maps a schema refusal of a list request to its crud_* code (DESIGN.md §3). */
function validationCode(issues: Issue[]): ErrorCode {
  for (const issue of issues) {
    const path = pathOf(issue);
    if (path[0] === 'filters' && issue.keyword === 'unrecognized_keys') return 'crud_filter_unknown';
    if (path[0] === 'filters' && path.length > 1) return 'crud_filter_invalid_type';
    if (path[0] === 'ordering') return 'crud_order_unknown';
  }
  return 'malformed_api_request';
}

/**
 * A refusal the call declares a business failure, when every issue of the request is one. The
 * refused items of a list are named in the details, as company_not_permitted names companies; a
 * refused single value is not repeated back (it may be a password).
 */
function inputFailure(
  issues: Issue[],
  failures: InputFailures | undefined,
  body: unknown,
): Failure | undefined {
  const matched = issues.map((issue) => {
    const [field = '', index] = pathOf(issue);
    const failure = failures?.[field];
    return failure?.issues.some((code) => code === issue.keyword)
      ? { field, index, code: failure.code }
      : undefined;
  });
  const first = matched[0];
  if (!first || !matched.every((match) => match !== undefined)) return undefined;
  const list = (body as Record<string, unknown[]>)[first.field];
  const items = matched
    .filter((match) => match.field === first.field && match.index !== undefined)
    .map((match) => list?.[Number(match.index)]);
  if (items.length === 0) return { code: first.code };
  return { code: first.code, details: { [first.field]: [...new Set(items)] } };
}

function validationDetails(issues: Issue[]) {
  return issues.slice(0, 10).map((issue) => ({ path: pathOf(issue).join('.'), message: issue.message }));
}

/**
 * The business code of each unique index a request can run into. The services check first and
 * answer with details; two requests racing past that check meet here, at the index, and get the
 * same code instead of a server error.
 */
const UNIQUE_FAILURES: Readonly<Record<string, ErrorCode>> = {
  users_username_lower_idx: 'dublicate_username',
  companies_code_unique: 'company_code_dublicate',
  companies_name_unique: 'company_name_dublicate',
  purch_heads_code_idx: 'order_code_dublicate',
  sales_heads_code_idx: 'order_code_dublicate',
  purch_lines_head_id_sku_id_index: 'order_sku_dublicate',
  sales_lines_head_id_sku_id_index: 'order_sku_dublicate',
};

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return sendFailure(reply, ERROR_STATUS[error.code] ?? 200, { code: error.code, details: error.details });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation as Issue[];
    const failure = inputFailure(issues, request.routeOptions.config.inputFailures, request.body);
    if (failure) return sendFailure(reply, 200, failure);
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
  const unique = UNIQUE_FAILURES[uniqueViolation(error) ?? ''];
  if (unique) return sendFailure(reply, ERROR_STATUS[unique] ?? 200, { code: unique });
  // The embedded database's budget ran out (WaitingPool in db/embedded.ts says so in the log).
  if (isDatabaseBusy(error)) return sendFailure(reply, 503, { code: 'server_unavailable' });
  // A query past DATABASE_STATEMENT_TIMEOUT_MS: the request asked too much, the server is fine.
  if (isStatementTimeout(error)) {
    request.log.warn(
      { call: request.routeOptions.url, ms: Math.round(reply.elapsedTime), reqId: request.id },
      'a query ran past DATABASE_STATEMENT_TIMEOUT_MS and was cancelled',
    );
    return sendFailure(reply, 503, { code: 'query_too_slow' });
  }
  // The database is away (a restart, a failover): the call is worth trying again in a moment.
  if (isDatabaseUnavailable(error)) {
    request.log.warn(
      { call: request.routeOptions.url, error: (error as Error).message, reqId: request.id },
      'the database is unavailable',
    );
    return sendFailure(reply, 503, { code: 'server_unavailable' });
  }
  request.log.error({ err: error, reqId: request.id }, 'unexpected error');
  return sendFailure(reply, 500, { code: 'server_error', details: { request_id: request.id } });
}
