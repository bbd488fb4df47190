import { describe, expect, it } from 'vitest';
import { formatFileSize, formatNumber } from './numbers';

describe('numbers in the reader language', () => {
  it('group and separate decimals the way of each language, exactly', () => {
    expect(formatNumber('175.000', { lang: 'en' })).toBe('175');
    expect(formatNumber('2807.088', { lang: 'en', decimals: 3 })).toBe('2,807.088');
    expect(formatNumber('2807.088', { lang: 'ru', decimals: 3 })).toBe('2\u00a0807,088');
    // Latvian groups from five digits on.
    expect(formatNumber('2807.088', { lang: 'lv', decimals: 3 })).toBe('2807,088');
    expect(formatNumber('123456789012345678.123', { lang: 'lv' })).toBe(
      '123\u00a0456\u00a0789\u00a0012\u00a0345\u00a0678,123',
    );
  });

  it('keep the stored precision without trailing zeros, and the sign rule of returns', () => {
    expect(formatNumber('1.250', { lang: 'ru' })).toBe('1,25');
    expect(formatNumber('-5.5', { lang: 'ru' })).toBe('-5,5');
    expect(formatNumber('5.5', { lang: 'lv', negative: true })).toBe('-5,5');
    expect(formatNumber('0.000', { lang: 'lv', negative: true })).toBe('0');
    expect(formatNumber(null)).toBe('');
  });

  it('write file sizes with the language unit and separator', () => {
    expect(formatFileSize(10.5 * 1024 * 1024, 'en')).toBe('10.5 MB');
    expect(formatFileSize(10.5 * 1024 * 1024, 'ru')).toBe('10,5 МБ');
    expect(formatFileSize(2048, 'lv')).toBe('2 kB');
  });
});
