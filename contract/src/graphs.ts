import { z } from 'zod';
import { defineCall } from './call';
import { Empty } from './list';
import { OrderProgressSchema } from './orders';

/** How many orders of one progress the user's companies have; `desc` is the progress. */
export const StatusCount = z.object({ count: z.int().min(0), desc: OrderProgressSchema });
export type StatusCount = z.infer<typeof StatusCount>;

export const StatusCounts = z.object({ items: z.array(StatusCount) });
export type StatusCounts = z.infer<typeof StatusCounts>;

export const listPurchStatuses = defineCall({
  path: '/graphs/list_purch_statuses',
  summary: "Purchase orders (templates aside) of the user's companies counted per progress.",
  access: 'session',
  permission: ['pord'],
  request: Empty,
  response: StatusCounts,
});

export const listSalesStatuses = defineCall({
  path: '/graphs/list_sales_statuses',
  summary: "Sales orders (templates aside) of the user's companies counted per progress.",
  access: 'session',
  permission: ['sord'],
  request: Empty,
  response: StatusCounts,
});
