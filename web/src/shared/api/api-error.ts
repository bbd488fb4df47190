import { type ErrorCode, isErrorCode } from '@extranet/contract';

/** A refused or failed call, carrying one of the contract's error codes (SPEC.md §8). */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, details?: unknown) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The code to show for any thrown value: unknown throws count as server_error. */
export function errorCodeOf(error: unknown): ErrorCode {
  if (isApiError(error)) return error.code;
  return 'server_error';
}

export function toErrorCode(value: unknown): ErrorCode {
  return isErrorCode(value) ? value : 'server_error';
}

interface FailureBody {
  failure: { code: unknown; details?: unknown };
}

function isFailureBody(body: unknown): body is FailureBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'failure' in body &&
    typeof (body as FailureBody).failure === 'object' &&
    (body as FailureBody).failure !== null
  );
}

/** The codes a 503 answer carries. */
const UNAVAILABLE_CODES = new Set<ErrorCode>(['server_unavailable', 'query_too_slow']);

/** The HTTP status of a failed response as a code, as SPEC.md §8 'Client mapping' says. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'malformed_api_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    // The login rate limit (DESIGN.md §5) answers 429 with its own message.
    case 429:
      return 'rate_limited';
    default:
      return 'server_error';
  }
}

/**
 * The one mapping of an answer to an error (SPEC.md §8 'Client mapping'), for JSON calls, uploads
 * and downloads alike: an HTTP error by its status, a success carrying a failure by its code.
 * Undefined when the answer is a success.
 */
export function toApiError(status: number, body: unknown): ApiError | undefined {
  if (status === 503) {
    // The server is away or draining (server_unavailable), or a query ran past its time
    // (query_too_slow): both say so in the body; a proxy's bare 503 means no server answered.
    const code = isFailureBody(body) ? toErrorCode(body.failure.code) : 'server_unavailable';
    return new ApiError(
      UNAVAILABLE_CODES.has(code) ? code : 'server_unavailable',
      isFailureBody(body) ? body.failure : undefined,
    );
  }
  if (status < 200 || status > 299) {
    return new ApiError(codeForStatus(status), isFailureBody(body) ? body.failure : undefined);
  }
  if (isFailureBody(body)) return new ApiError(toErrorCode(body.failure.code), body.failure.details);
  return undefined;
}
