import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES } from '../../../shared/forms';

/**
 * Turns the contract's own checks into the i18n keys of SPEC.md §5, so a form validates with the
 * contract's schema instead of a second copy of its rules. A message set on the schema itself
 * (a form's own refinement, which already carries a key) wins over this map.
 */
export function formErrorMap(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'too_big':
      return MESSAGES.tooLong;
    case 'invalid_format':
      return issue.format === 'email' ? MESSAGES.email : MESSAGES.required;
    default:
      // Empty strings and lists, missing values, a value outside the allowed set.
      return MESSAGES.required;
  }
}

/** zodResolver with the map above: the form holds the schema's input and submits its output. */
export function formResolver<Output, Input extends FieldValues>(schema: z.ZodType<Output, Input>) {
  return zodResolver(schema, { error: formErrorMap });
}
