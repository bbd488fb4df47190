import type { Language } from '@extranet/contract';
import { describe, expect, it } from 'vitest';
import { formatFileSize, formatNumber, readNumber } from './numbers';

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

describe('reading a typed or pasted number', () => {
  const rules = { decimals: 3, negative: false, max: 1e9 };
  const read = (text: string, lang: Language, more: Partial<typeof rules> = {}) =>
    readNumber(text, { ...rules, ...more, lang });

  it("takes each language's way of writing, and either decimal separator", () => {
    expect(read('1 234,5', 'ru')).toEqual({ value: '1234.5' });
    expect(read('1\u00a0234,5', 'lv')).toEqual({ value: '1234.5' });
    expect(read('1,234.5', 'en')).toEqual({ value: '1234.5' });
    expect(read('1.234,5', 'lv')).toEqual({ value: '1234.5' });
    expect(read('12.5', 'ru')).toEqual({ value: '12.5' });
    expect(read('12,5', 'en')).toEqual({ value: '12.5' });
    expect(read(',5', 'lv')).toEqual({ value: '0.5' });
    expect(read('1,234,567', 'en')).toEqual({ value: '1234567' });
    // A lone comma before three digits groups thousands in English, separates decimals in Russian.
    expect(read('1,234', 'en')).toEqual({ value: '1234' });
    expect(read('1,234', 'ru')).toEqual({ value: '1.234' });
  });

  it('takes a minus only where a value may be negative', () => {
    expect(read('-4,5', 'ru')).toEqual({ refused: 'negative' });
    expect(read('−4,5', 'ru', { negative: true })).toEqual({ value: '-4.5' });
    expect(read('-,5', 'lv', { negative: true })).toEqual({ value: '-0.5' });
  });

  it('refuses what it cannot read or would have to change, instead of changing it', () => {
    for (const text of ['', '12abc', 'abc', '1,2,3', '1.2.3,4,5', '12,', '-', '1 2 3 4,5x']) {
      expect(read(text, 'en')).toEqual({ refused: 'unreadable' });
    }
    expect(read('1,2345', 'ru')).toEqual({ refused: 'decimals' });
    expect(read('2,5', 'ru', { decimals: 0 })).toEqual({ refused: 'decimals' });
    expect(read('2,000', 'ru', { decimals: 0 })).toEqual({ value: '2.000' });
    expect(read('1 000 000 001', 'ru')).toEqual({ refused: 'tooLarge' });
  });
});

describe('numbers inside messages ({{count, number}})', () => {
  it('are grouped the way of the language the message is in, each language its own', async () => {
    const { i18n, i18nReady } = await import('./index');
    await i18nReady;
    const t = (lng: Language) => i18n.getFixedT(lng)('lists.columns.button', { shown: 12345, all: 23456 });
    await i18n.loadLanguages(['ru', 'lv']);
    expect(t('en')).toBe('Columns: 12,345 of 23,456 shown');
    expect(t('ru')).toMatch(/12\u00a0345.*23\u00a0456/);
    expect(t('lv')).toMatch(/12\u00a0345.*23\u00a0456/);
    // The same again, from the formats made the first time.
    expect(t('en')).toBe('Columns: 12,345 of 23,456 shown');
    expect(t('ru')).not.toBe(t('lv'));
  });
});
