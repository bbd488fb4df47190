import { z } from 'zod';

/**
 * An order's problems (contract `computeProblems`): their codes and wire shape, apart from
 * orders.ts so that the order import's answer (order-import.ts, re-exported by orders.ts) can name
 * them too. orders.ts re-exports every name.
 */

/** Problems that block set_ready. */
export const PROBLEM_ERRORS = [
  'no_location',
  'no_delivery_date',
  'delivery_date_past',
  'no_vendor',
  'no_vendor_address',
  'no_customer',
  'no_customer_address',
  'no_due_days',
  'no_lines',
  'no_quantity',
  'no_uom',
] as const;
/** Problems worth a look that do not block set_ready. */
export const PROBLEM_WARNINGS = ['stock_short', 'delivery_soon'] as const;
export type ProblemCode = (typeof PROBLEM_ERRORS)[number] | (typeof PROBLEM_WARNINGS)[number];

export const ProblemDetails = z.object({
  /** External codes of the SKUs of the lines concerned. */
  skus: z.array(z.string()).optional(),
});

export const Problem = z.object({
  code: z.enum([...PROBLEM_ERRORS, ...PROBLEM_WARNINGS]),
  details: ProblemDetails.nullable(),
});
export type Problem = z.infer<typeof Problem>;

export const Problems = z.object({ errors: z.array(Problem), warnings: z.array(Problem) });
export type Problems = z.infer<typeof Problems>;
