import type { Language } from '@extranet/contract';
import { currentLanguage } from './index';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Language, scale: number): Intl.NumberFormat {
  const key = `${lang}:${scale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, { minimumFractionDigits: scale, maximumFractionDigits: scale });
    formats.set(key, format);
  }
  return format;
}

/**
 * A decimal text from the server written the reader's way ('1234.5' is '1,234.5' in en and
 * '1 234,5' in ru and lv), exact: Intl formats the digits of the text, never a float's.
 * `decimals` pads or keeps the scale, else the stored precision is kept without trailing zeros;
 * `negative` flips the sign (a return order's quantities, SPEC.md §2).
 */
export function formatNumber(
  value: string | number | null | undefined,
  options: { decimals?: number; negative?: boolean; lang?: Language } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const negative = text.startsWith('-');
  const digits = text.replace(/^-/, '');
  const fraction = digits.split('.')[1] ?? '';
  const scale = Math.min(options.decimals ?? fraction.replace(/0+$/, '').length, 20);
  const zero = /^0*\.?0*$/.test(digits);
  const sign = negative !== Boolean(options.negative) && !zero ? '-' : '';
  const written = numberFormat(options.lang ?? currentLanguage(), scale).format(
    digits as Intl.StringNumericLiteral,
  );
  return `${sign}${written}`;
}

/** A size as B, KB or MB, for people, written the reader's way ('10,5 MB' in ru and lv). */
export function formatFileSize(bytes: number, lang: Language = currentLanguage()): string {
  const [amount, unit] =
    bytes < 1024
      ? [bytes, 'byte']
      : bytes < 1024 * 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes / (1024 * 1024), 'megabyte'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, maximumFractionDigits: 1 }).format(amount);
}
