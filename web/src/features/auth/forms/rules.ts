import { ROLE_ADMIN } from '@extranet/contract';
import type { z } from 'zod';
import { MESSAGES } from '../../../shared/forms';

/**
 * Runs a form-level rule as soon as the fields it reads are valid, even while other fields are
 * not, so one submit shows every error of the form at once.
 */
function whenFieldsValid(...fields: string[]) {
  return (payload: z.core.ParsePayload) =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0] ?? '')));
}

/** SPEC.md §5: confirm must equal the new password ('Passwords must be identical'). */
export function withPasswordsIdentical<
  K extends string,
  C extends string,
  S extends z.ZodType<Record<K | C, string | undefined>>,
>(schema: S, password: K, confirm: C): S {
  return schema.refine((values) => (values[password] as unknown) === values[confirm], {
    path: [confirm],
    message: MESSAGES.passwordsIdentical,
    when: whenFieldsValid(password, confirm),
  });
}

/** SPEC.md §5 and §6: companies are required unless the role is 99. */
export function withCompaniesUnlessAdmin<S extends z.ZodType<{ role: number; companies: number[] }>>(
  schema: S,
): S {
  return schema.refine((values) => values.role === ROLE_ADMIN || values.companies.length > 0, {
    path: ['companies'],
    message: MESSAGES.required,
    when: whenFieldsValid('role', 'companies'),
  });
}
