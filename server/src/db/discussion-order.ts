import type { discussions as contract } from '@extranet/contract';
import { discussions, purchHeads, salesHeads } from './schema';

/**
 * The columns that name an order's discussion, for a query that left-joins `purchHeads` and
 * `salesHeads` on the discussion's order.
 */
export const discussionOrderColumns = {
  purchHeadId: discussions.purchHeadId,
  salesHeadId: discussions.salesHeadId,
  purchCode: purchHeads.externalCode,
  salesCode: salesHeads.externalCode,
  purchWarehouseCode: purchHeads.warehouseCode,
  salesWarehouseCode: salesHeads.warehouseCode,
  purchTemplate: purchHeads.isTemplate,
  salesTemplate: salesHeads.isTemplate,
};

interface DiscussionOrderRow {
  purchHeadId: number | null;
  salesHeadId: number | null;
  purchCode: string | null;
  salesCode: string | null;
  purchWarehouseCode: string | null;
  salesWarehouseCode: string | null;
  purchTemplate: boolean | null;
  salesTemplate: boolean | null;
}

/** The order a discussion belongs to, which readers see it named by; null for a general one. */
export function discussionOrder(row: DiscussionOrderRow): contract.DiscussionOrder | null {
  if (row.purchHeadId !== null) {
    return {
      kind: 'purch',
      head_id: row.purchHeadId,
      external_code: row.purchCode,
      warehouse_code: row.purchWarehouseCode,
      is_template: row.purchTemplate ?? false,
    };
  }
  if (row.salesHeadId !== null) {
    return {
      kind: 'sales',
      head_id: row.salesHeadId,
      external_code: row.salesCode,
      warehouse_code: row.salesWarehouseCode,
      is_template: row.salesTemplate ?? false,
    };
  }
  return null;
}
