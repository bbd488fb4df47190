import { describe, expect, it } from 'vitest';
import { computeProblems, type ProblemHead } from './order-problems';

const TODAY = '2026-03-10';

function head(overrides: Partial<ProblemHead> = {}): ProblemHead {
  return {
    kind: 'sales',
    progress: 'draft',
    isTemplate: false,
    isReturn: false,
    locationId: 1,
    deliveryDate: '2026-03-20',
    partyId: 1,
    addressId: 1,
    dueDays: '30.000',
    lines: [{ skuId: 1, skuCode: 'A', orderedQty: '5.000', uomId: 1, batch: null, expiryDate: null }],
    ...overrides,
  };
}

const codes = (problems: { errors: { code: string }[]; warnings: { code: string }[] }) => ({
  errors: problems.errors.map((p) => p.code),
  warnings: problems.warnings.map((p) => p.code),
});

describe('order problems', () => {
  it('finds nothing wrong with a complete order that has stock', () => {
    const stock = [{ skuId: 1, batch: 'X', expiryDate: null, uomId: 1, qty: '5.000' }];
    expect(computeProblems(head(), { today: TODAY, stock })).toEqual({ errors: [], warnings: [] });
  });

  it('names the missing vendor address only once a vendor is chosen', () => {
    expect(
      codes(computeProblems(head({ kind: 'purch', partyId: null, addressId: null }), { today: TODAY })),
    ).toEqual({
      errors: ['no_vendor'],
      warnings: [],
    });
    expect(codes(computeProblems(head({ kind: 'purch', addressId: null }), { today: TODAY }))).toEqual({
      errors: ['no_vendor_address'],
      warnings: [],
    });
  });

  it('treats a zero quantity as missing', () => {
    const problems = computeProblems(
      head({ lines: [{ skuId: 1, skuCode: 'A', orderedQty: '0.000', uomId: 1 }] }),
      { today: TODAY },
    );
    expect(problems.errors).toEqual([{ code: 'no_quantity', details: { skus: ['A'] } }]);
  });

  it('names every line without a quantity and every line without a unit, each field apart', () => {
    const problems = computeProblems(
      head({
        lines: [
          { skuId: 1, skuCode: 'A', orderedQty: null, uomId: null },
          { skuId: 2, skuCode: 'B', orderedQty: '2.000', uomId: null },
          { skuId: 3, skuCode: 'C', orderedQty: null, uomId: 1 },
          { skuId: 4, skuCode: 'D', orderedQty: '1.000', uomId: 1 },
        ],
      }),
      { today: TODAY },
    );
    expect(problems.errors).toEqual([
      { code: 'no_quantity', details: { skus: ['A', 'C'] } },
      { code: 'no_uom', details: { skus: ['A', 'B'] } },
    ]);
  });

  it('warns for a delivery today or tomorrow and refuses yesterday', () => {
    expect(codes(computeProblems(head({ deliveryDate: '2026-03-10' }), { today: TODAY })).warnings).toEqual([
      'delivery_soon',
    ]);
    expect(codes(computeProblems(head({ deliveryDate: '2026-03-11' }), { today: TODAY })).warnings).toEqual([
      'delivery_soon',
    ]);
    expect(codes(computeProblems(head({ deliveryDate: '2026-03-12' }), { today: TODAY })).warnings).toEqual(
      [],
    );
    expect(codes(computeProblems(head({ deliveryDate: '2026-03-09' }), { today: TODAY })).errors).toEqual([
      'delivery_date_past',
    ]);
  });

  it('matches stock on batch, expiry date and unit when the line names them', () => {
    const stock = [
      { skuId: 1, batch: 'B1', expiryDate: '2027-01-01', uomId: 1, qty: '4.000' },
      { skuId: 1, batch: 'B2', expiryDate: '2027-01-01', uomId: 1, qty: '10.000' },
      { skuId: 1, batch: 'B1', expiryDate: '2027-01-01', uomId: 2, qty: '10.000' },
    ];
    const line = {
      skuId: 1,
      skuCode: 'A',
      orderedQty: '5.000',
      uomId: 1,
      batch: 'B1',
      expiryDate: '2027-01-01',
    };
    expect(codes(computeProblems(head({ lines: [line] }), { today: TODAY, stock })).warnings).toEqual([
      'stock_short',
    ]);
    expect(
      codes(computeProblems(head({ lines: [{ ...line, batch: null }] }), { today: TODAY, stock })).warnings,
    ).toEqual([]);
  });

  it('has no problems for templates or orders the warehouse has taken', () => {
    const empty = head({ locationId: null, lines: [] });
    expect(computeProblems({ ...empty, isTemplate: true, progress: 'template' }, { today: TODAY })).toEqual({
      errors: [],
      warnings: [],
    });
    expect(computeProblems({ ...empty, progress: 'sync' }, { today: TODAY })).toEqual({
      errors: [],
      warnings: [],
    });
  });
});
