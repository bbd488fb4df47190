import type { TFunction } from 'i18next';
import { errorCodeOf } from './api-error';

/** The translated message of any thrown value (SPEC.md §8 messages, key errors.<code>). */
export function errorMessage(t: TFunction, error: unknown): string {
  return t(`errors.${errorCodeOf(error)}`);
}
