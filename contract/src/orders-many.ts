import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './errors';
import { Id } from './list';

/** The most orders one call on many orders takes (issue 34). */
export const MAX_MANY_ORDERS = 1000;

/** Orders to act on, each on its own; an id given twice is answered once. */
export const HeadIdsRequest = z.object({ head_ids: z.array(Id).min(1).max(MAX_MANY_ORDERS) });
export type HeadIdsRequest = z.infer<typeof HeadIdsRequest>;

/**
 * What happened to one order of a call on many: done, or refused with the failure the call on
 * that one order answers (another company's order and a missing one: order_not_found).
 */
export const ManyOrdersResult = z.object({
  head_id: Id,
  ok: z.boolean(),
  failure: z
    .object({ code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]), details: z.unknown().optional() })
    .optional(),
});
export type ManyOrdersResult = z.infer<typeof ManyOrdersResult>;
export const ManyOrdersResponse = z.object({ results: z.array(ManyOrdersResult) });
export type ManyOrdersResponse = z.infer<typeof ManyOrdersResponse>;
