import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n';
import { decimalSeparator, formatNumber, type NumberRefusal, readNumber } from '../i18n/numbers';

const DEFAULT_MAX = 1e9;
/** The decimals a whole-number input keeps as typed, to show them refused rather than drop them. */
const WHOLE_INPUT_DECIMALS = 3;

/**
 * A number input in the reader's language: the language's decimal separator (either '.' or ','
 * may be typed), a pasted number read the way people write it ("1 234,5"), and, instead of a
 * silent change, a message for a key or a paste it cannot take. The value stays as it was.
 * A whole-number input (`allowDecimal={false}`) still takes a typed or pasted separator and its
 * decimals, and says "whole numbers only" for as long as they are there: dropping the "." of
 * "1.5" and keeping the rest would turn it into 15 without a word.
 */
export function LocaleNumberInput(props: NumberInputProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [refused, setRefused] = useState<string | null>(null);
  const separator = decimalSeparator(language);
  const whole = props.allowDecimal === false || props.decimalScale === 0;
  const decimals = whole ? WHOLE_INPUT_DECIMALS : (props.decimalScale ?? 20);
  const negative = props.allowNegative ?? (props.min === undefined || props.min < 0);
  const max = Math.max(Math.abs(props.max ?? DEFAULT_MAX), Math.abs(props.min ?? 0));

  const message = (reason: NumberRefusal | 'key', text = '') => {
    if (reason === 'key') return t(whole ? 'numberInput.keyWhole' : 'numberInput.key', { separator });
    if (reason === 'decimals') return t('numberInput.decimals', { count: decimals });
    if (reason === 'tooLarge')
      return t('numberInput.tooLarge', { max: formatNumber(max, { lang: language }) });
    return t(`numberInput.${reason}`, { text, separator });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    props.onKeyDown?.(event);
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    const taken =
      /\d/.test(event.key) || event.key === '.' || event.key === ',' || (negative && event.key === '-');
    if (!taken) {
      event.preventDefault();
      setRefused(message(event.key === '-' ? 'negative' : 'key'));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    props.onPaste?.(event);
    const text = event.clipboardData.getData('text');
    event.preventDefault();
    // What the field would hold: the pasted text in place of the selection.
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const written = `${input.value.slice(0, start)}${text}${input.value.slice(input.selectionEnd ?? start)}`;
    const read = readNumber(written, { decimals, negative, max, lang: language });
    if ('refused' in read) {
      setRefused(message(read.refused, text.trim().slice(0, 40)));
      return;
    }
    setRefused(null);
    props.onChange?.(Number(read.value));
  };

  const fraction = whole ? fractionOf(props.value) : null;
  const notWhole =
    fraction === null ? null : t('numberInput.notWhole', { text: fraction.replace('.', separator) });

  return (
    <NumberInput
      {...props}
      allowDecimal
      decimalScale={whole ? WHOLE_INPUT_DECIMALS : props.decimalScale}
      decimalSeparator={separator}
      allowedDecimalSeparators={['.', ',']}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onChange={(value) => {
        setRefused(null);
        props.onChange?.(value);
      }}
      error={props.error || refused || notWhole}
    />
  );
}

/** The value written out when it has decimals, else null. */
function fractionOf(value: NumberInputProps['value']): string | null {
  if (value === undefined || value === '') return null;
  const text = String(value);
  return /\.\d*[1-9]/.test(text) ? text : null;
}
