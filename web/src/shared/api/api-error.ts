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
