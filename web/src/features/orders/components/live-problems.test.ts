import { describe, expect, it } from 'vitest';
import { completeOrderForm } from '../../../test/order-form';
import type { OrderView } from '../api/keys';
import { liveProblems } from './live-problems';
import { emptyLine } from './order-form-values';

const order = {
  is_template: false,
  lines: [{ sku_id: 5, sku: { external_code: 'SKU-5', name: 'Water' } }],
} as unknown as OrderView;

const codes = (problems: { code: string }[]) => problems.map((problem) => problem.code);

describe('live problems of the order form', () => {
  it('has none for a complete purchase order', () => {
    expect(liveProblems('purch', order, completeOrderForm())).toEqual({ errors: [], warnings: [] });
  });

  it('names what Set ready needs as the form is filled', () => {
    const problems = liveProblems(
      'purch',
      order,
      completeOrderForm({
        location_id: null,
        address_id: null,
        delivery_date: null,
        lines: [{ ...emptyLine(1), sku_id: 5 }],
      }),
    );
    expect(codes(problems.errors)).toEqual([
      'no_location',
      'no_delivery_date',
      'no_vendor_address',
      'no_quantity',
    ]);
    expect(problems.errors.at(-1)!.details).toEqual({ skus: ['SKU-5'] });
  });

  it('asks a sales order for due days, and ignores deleted lines', () => {
    const problems = liveProblems(
      'sales',
      order,
      completeOrderForm({ lines: [{ ...emptyLine(1), sku_id: 5, ordered_qty: 1, deleted: true }] }),
    );
    expect(codes(problems.errors)).toEqual(['no_due_days', 'no_lines']);
  });
});
