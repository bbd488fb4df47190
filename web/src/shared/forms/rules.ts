import { z } from 'zod';

/**
 * Form schemas carry i18n keys as their messages; the form translates them when it shows them,
 * so a message follows a language switch without re-validating.
 */
export const MESSAGES = {
  required: 'validation.required',
  email: 'validation.email',
  passwordsIdentical: 'validation.passwordsIdentical',
  url: 'validation.url',
  greaterDate: 'validation.greaterDate',
  tooLong: 'validation.tooLong',
} as const;

export function requiredText(options: { max?: number; trim?: boolean } = {}) {
  const { max = 256, trim = true } = options;
  const base = trim ? z.string().trim() : z.string();
  return base.min(1, { message: MESSAGES.required }).max(max, { message: MESSAGES.tooLong });
}
