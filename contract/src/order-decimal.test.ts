import { describe, expect, it } from 'vitest';
import { isCountedUnit, lineSum, orderTotal, parseDecimal, quantityFitsUnit } from './order-decimal';

describe('order amounts', () => {
  // Each case is a tie at the fourth decimal, where half up differs from half even and from down.
  it.each([
    ['1.001', '0.500', '0.501'],
    ['0.005', '0.500', '0.003'],
    ['2.001', '0.500', '1.001'],
    ['-1.001', '0.500', '-0.501'],
  ])('rounds %s x %s half up to %s', (qty, price, sum) => {
    expect(lineSum(qty, price)).toBe(sum);
  });

  it('keeps a product of two stored amounts exact before rounding', () => {
    expect(lineSum('123456789012345.678', '1.001')).toBe('123580245801358.024');
    expect(lineSum('999999999999999.999', '999.999')).toBe('999998999999999999.000');
  });

  it('totals the line sums and skips lines without one', () => {
    expect(orderTotal(['0.501', null, '1.001'])).toBe('1.502');
    expect(orderTotal([])).toBe('0.000');
    expect(lineSum(null, '1.000')).toBeNull();
  });

  it('reads decimals as people type them or spreadsheets write them', () => {
    expect(parseDecimal('2,505')).toBe('2.505');
    expect(parseDecimal('1 234,5')).toBe('1234.5');
    expect(parseDecimal('1\u00a0234,5')).toBe('1234.5');
    expect(parseDecimal('1,234.50')).toBe('1234.50');
    expect(parseDecimal('1.234,5')).toBe('1234.5');
    expect(parseDecimal('-5')).toBeNull();
    expect(parseDecimal('1.2345')).toBeNull();
    expect(parseDecimal('12abc')).toBeNull();
    expect(parseDecimal('')).toBeNull();
  });
});

describe('whole quantities of counted units', () => {
  it('refuses a fraction of a counted unit and takes one of a measured unit', () => {
    expect(quantityFitsUnit('1.5', 'pcs')).toBe(false);
    expect(quantityFitsUnit('1.500', 'box')).toBe(false);
    expect(quantityFitsUnit('2.000', 'pcs')).toBe(true);
    expect(quantityFitsUnit('1.5', 'KG')).toBe(true);
    expect(quantityFitsUnit('0.25', 'l')).toBe(true);
    expect(quantityFitsUnit('1.5', null)).toBe(true);
  });

  it('counts every unit that is not a known measure', () => {
    expect(isCountedUnit('pallet')).toBe(true);
    expect(isCountedUnit('crate')).toBe(true);
    expect(isCountedUnit(' m3 ')).toBe(false);
  });
});
