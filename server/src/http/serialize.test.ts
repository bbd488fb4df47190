import { orders, stock, zDate, zDateTime, zDecimal } from '@extranet/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponse } from './serialize';

/** What zod's encode writes (fastify-type-provider-zod's serializer before). */
const byZod = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));

const row = (id: number, overrides: Record<string, unknown> = {}) => ({
  purch_head_id: id,
  head_id: id,
  external_code: `PO-"${id}"\u2028\\`,
  warehouse_code: `WH-${id}`,
  progress: 'failure',
  status: { code: null, desc: 'Näher — «ждёт»' },
  failure_reason: 'x',
  failure_code: 'unknown_products',
  failure_params: { count: 2, sku: 'A<b>' },
  consignee_id: 3,
  consignee: { name: 'Rīga', business_line: { business_line_id: 4, name: 'Food' } },
  creation_date: new Date(Date.UTC(2026, 10, 27, 13, 45, 1, 7)),
  delivery_date: '2026-12-01',
  is_return: false,
  is_template: true,
  lines_count: 0,
  vendor_id: 9,
  vendor: { code: 'V1', name: 'Vendor' },
  // Not in the schema: neither writer puts it on the wire.
  secret: 'never sent',
  ...overrides,
});

describe('compiled answers', () => {
  it('write a page of orders exactly as zod did, codec values included, unknown fields left out', () => {
    const schema = orders.purch.listOrders.response;
    const write = compileResponse(schema);
    expect(write).toBeDefined();
    const page = {
      items: [
        row(1),
        row(2, {
          delivery_date: null,
          vendor_id: null,
          vendor: null,
          failure_params: null,
          failure_code: null,
        }),
      ],
      more: true,
      total: 10_000,
      total_capped: true,
      next_cursor: 'default.2',
    };
    const written = write!(page);
    expect(written).toBe(byZod(schema, page));
    expect(written).not.toContain('never sent');
    expect(JSON.parse(written).items[0].creation_date).toEqual({ $datetime: '2026-11-27T13:45:01.007Z' });
    // The handler's objects are not changed by the codec's pass.
    expect(page.items[0]!.creation_date).toBeInstanceOf(Date);
    const empty = { items: [], more: false };
    expect(write!(empty)).toBe(byZod(schema, empty));
  });

  it('write optional and nullable codec values, decimals and dates as zod did', () => {
    const schema = z.object({
      at: zDateTime.optional(),
      on: zDate.nullable(),
      qty: zDecimal,
      list: z.array(z.object({ price: zDecimal.nullable() })),
      tag: z.literal('x').optional(),
    });
    const write = compileResponse(schema)!;
    for (const value of [
      { on: null, qty: '12.500', list: [] },
      {
        at: new Date(0),
        on: '2026-01-31',
        qty: '-1',
        list: [{ price: '0.000001' }, { price: null }],
        tag: 'x',
      },
    ])
      expect(write(value)).toBe(byZod(schema, value));
  });

  it('leave to zod the schemas it cannot write the same way', () => {
    expect(
      compileResponse(z.object({ a: z.union([z.object({ b: z.string() }), z.string()]) })),
    ).toBeUndefined();
    expect(compileResponse(z.object({ a: z.string().transform((text) => text.length) }))).toBeUndefined();
    expect(compileResponse(z.object({ a: z.date() }))).toBeUndefined();
  });

  it('compile the stock list answer', () => {
    expect(compileResponse(stock.listStocks.response)).toBeDefined();
  });
});
