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

/** The language's decimal separator: '.' in en, ',' in ru and lv. */
export function decimalSeparator(lang: Language = currentLanguage()): string {
  return (
    numberFormat(lang, 1)
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** Why a typed or pasted text is not taken as a number (`numberInput.<reason>`). */
export type NumberRefusal = 'unreadable' | 'negative' | 'decimals' | 'tooLarge';

/** Which of '.' and ',' separates the decimals of a written number, if any. */
function decimalSymbol(written: string, lang: Language): string | null {
  const dot = written.lastIndexOf('.');
  const comma = written.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) return dot > comma ? '.' : ',';
  const symbol = dot >= 0 ? '.' : comma >= 0 ? ',' : null;
  if (symbol === null || written.split(symbol).length > 2) return null; // "1,234,567": groups
  // A lone separator is the decimal one, as when typed, unless it is the language's group
  // separator before exactly three digits ("1,234" in English).
  const groups = numberFormat(lang, 0)
    .formatToParts(1_234_567)
    .find((part) => part.type === 'group')?.value;
  return symbol === groups && /^\d{1,3}[.,]\d{3}$/.test(written) ? null : symbol;
}

/**
 * A number as a person writes or pastes it, in any of the product's languages: spaces and group
 * separators are dropped ("1 234,5" in ru and lv, "1,234.5" in en), the decimal separator may be
 * '.' or ','. Answers the plain decimal text ('1234.5'), or why it cannot be taken: nothing is
 * rounded or cut to fit.
 */
export function readNumber(
  text: string,
  rules: { decimals: number; negative: boolean; max: number; lang?: Language },
): { value: string } | { refused: NumberRefusal } {
  const written = text
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/^[\u2212\u2013]/, '-');
  const sign = written.startsWith('-') ? '-' : '';
  const unsigned = written.slice(sign.length);
  const decimal = decimalSymbol(unsigned, rules.lang ?? currentLanguage());
  const at = decimal ? unsigned.lastIndexOf(decimal) : -1;
  const integer = at >= 0 ? unsigned.slice(0, at) : unsigned;
  const fraction = at >= 0 ? unsigned.slice(at + 1) : '';
  const group = decimal === '.' ? ',' : decimal === ',' ? '\\.' : '[.,]';
  const grouped = new RegExp(`^(\\d*|\\d{1,3}(${group}\\d{3})+)$`);
  const readable = grouped.test(integer) && /^\d*$/.test(fraction) && (at < 0 || fraction !== '');
  if (!readable || !/\d/.test(integer + fraction)) return { refused: 'unreadable' };
  const plain = `${sign}${integer.replace(/[.,]/g, '') || '0'}${fraction ? `.${fraction}` : ''}`;
  if (plain.startsWith('-') && !rules.negative) return { refused: 'negative' };
  if (fraction.replace(/0+$/, '').length > rules.decimals) return { refused: 'decimals' };
  if (Math.abs(Number(plain)) > rules.max) return { refused: 'tooLarge' };
  return { value: plain };
}
