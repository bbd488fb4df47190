import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decode, encode, zDate, zDateTime, zDecimal, zTime } from './codec';
import { listRequest } from './list';

const Row = z.object({
  day: zDate,
  at: zDateTime,
  time: zTime,
  price: zDecimal,
  maybe: zDecimal.nullable(),
  lines: z.array(z.object({ qty: zDecimal })),
});

describe('wire codec', () => {
  it('round-trips every tagged type exactly', () => {
    const wire = {
      day: { $date: '2026-11-21' },
      at: { $datetime: '2026-11-21T09:30:00.000Z' },
      time: { $time: '09:30' },
      price: { $decimal: '12.500' },
      maybe: null,
      lines: [{ qty: { $decimal: '-3.250' } }, { qty: { $decimal: '0.000' } }],
    };
    const value = decode(Row, wire);
    expect(value.day).toBe('2026-11-21');
    expect(value.at).toBeInstanceOf(Date);
    expect(value.at.getTime()).toBe(Date.UTC(2026, 10, 21, 9, 30));
    expect(value.price).toBe('12.500');
    expect(value.lines[1]?.qty).toBe('0.000');
    expect(encode(Row, value)).toEqual(wire);
  });

  it('decodes a datetime with an offset to the same instant and encodes it in UTC', () => {
    const at = decode(zDateTime, { $datetime: '2026-11-21T11:30:00+02:00' });
    expect(encode(zDateTime, at)).toEqual({ $datetime: '2026-11-21T09:30:00.000Z' });
  });

  it('keeps negative decimals and their scale', () => {
    expect(decode(zDecimal, { $decimal: '-0.001' })).toBe('-0.001');
    expect(encode(zDecimal, '100.10')).toEqual({ $decimal: '100.10' });
  });

  it('takes the first and the last date a column holds', () => {
    expect(decode(zDate, { $date: '0001-01-01' })).toBe('0001-01-01');
    expect(decode(zDate, { $date: '9999-12-31' })).toBe('9999-12-31');
    expect(decode(zDateTime, { $datetime: '9999-12-31T23:59:59Z' }).getUTCFullYear()).toBe(9999);
  });

  it.each([
    [zDate, { $date: '2026-02-30' }],
    [zDate, { $date: '21.11.2026' }],
    [zDate, '2026-11-21'],
    [zDate, { $datetime: '2026-11-21T09:30:00Z' }],
    [zDate, { $date: '2026-11-21', extra: 1 }],
    // Year 0 exists in ISO 8601 and JavaScript, not in PostgreSQL.
    [zDate, { $date: '0000-01-01' }],
    [zDateTime, { $datetime: '0000-06-01T00:00:00Z' }],
    [zDateTime, { $datetime: 'yesterday' }],
    [zTime, { $time: '24:00' }],
    [zDecimal, { $decimal: '1e5' }],
    [zDecimal, { $decimal: 12.5 }],
    [zDecimal, { $decimal: 'NaN' }],
    [zDecimal, { $dec: '1.0' }],
  ] as const)('rejects an invalid tagged value %#', (schema, wire) => {
    expect(z.safeDecode(schema as z.ZodType, wire).success).toBe(false);
  });
});

describe('list request', () => {
  const Request = listRequest({ name: z.string() }, ['name', 'creation_date']);

  it('fills defaults and accepts a descending ordering', () => {
    expect(Request.parse({ ordering: '-creation_date' })).toEqual({
      filters: {},
      page: 0,
      count: 10,
      ordering: '-creation_date',
      with_total: false,
    });
  });

  it('refuses unknown filters, unknown orderings and counts out of range', () => {
    expect(Request.safeParse({ filters: { nope: 1 } }).success).toBe(false);
    expect(Request.safeParse({ ordering: 'password' }).success).toBe(false);
    expect(Request.safeParse({ count: 1001 }).success).toBe(false);
    expect(Request.safeParse({ page: -1 }).success).toBe(false);
  });
});
