import { PASSWORD_MIN_LENGTH } from '@extranet/contract';
import type { TFunction } from 'i18next';
import { errorCodeOf, isApiError } from './api-error';

/** `details.reason` of a refusal that says why (password_too_soft, report_url_not_allowed). */
function reasonOf(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null) return undefined;
  const reason = (error.details as { reason?: unknown }).reason;
  return typeof reason === 'string' ? reason : undefined;
}

/**
 * The translated message of any thrown value (SPEC.md §8 messages, key errors.<code>), or the more
 * precise errorReasons.<code>.<reason> when the refusal names a reason the web knows.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  const code = errorCodeOf(error);
  const general = t(`errors.${code}`);
  const reason = reasonOf(error);
  if (!reason) return general;
  return t(`errorReasons.${code}.${reason}`, { defaultValue: general, count: PASSWORD_MIN_LENGTH });
}
