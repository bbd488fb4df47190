import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';

/** The translated message of a field's error, or undefined when the field is valid. */
export function fieldError(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return t(error.message);
}
