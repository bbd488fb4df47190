import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n';
import { decimalSeparator, formatNumber, type NumberRefusal, readNumber } from '../i18n/numbers';

const DEFAULT_MAX = 1e9;

/**
 * A number input in the reader's language: the language's decimal separator (either '.' or ','
 * may be typed), a pasted number read the way people write it ("1 234,5"), and, instead of a
 * silent change, a message for a key or a paste it cannot take. The value stays as it was.
 */
export function LocaleNumberInput(props: NumberInputProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [refused, setRefused] = useState<string | null>(null);
  const separator = decimalSeparator(language);
  const decimals = props.allowDecimal === false ? 0 : (props.decimalScale ?? 20);
  const negative = props.allowNegative ?? (props.min === undefined || props.min < 0);
  const max = Math.max(Math.abs(props.max ?? DEFAULT_MAX), Math.abs(props.min ?? 0));

  const message = (reason: NumberRefusal | 'key', text = '') => {
    if (reason === 'key') return t(decimals > 0 ? 'numberInput.key' : 'numberInput.keyWhole', { separator });
    if (reason === 'decimals') return t('numberInput.decimals', { count: decimals });
    if (reason === 'tooLarge')
      return t('numberInput.tooLarge', { max: formatNumber(max, { lang: language }) });
    return t(`numberInput.${reason}`, { text, separator });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    props.onKeyDown?.(event);
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    const taken =
      /\d/.test(event.key) ||
      (decimals > 0 && (event.key === '.' || event.key === ',')) ||
      (negative && event.key === '-');
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
    const whole = `${input.value.slice(0, start)}${text}${input.value.slice(input.selectionEnd ?? start)}`;
    const read = readNumber(whole, { decimals, negative, max, lang: language });
    if ('refused' in read) {
      setRefused(message(read.refused, text.trim().slice(0, 40)));
      return;
    }
    setRefused(null);
    props.onChange?.(Number(read.value));
  };

  return (
    <NumberInput
      {...props}
      decimalSeparator={separator}
      allowedDecimalSeparators={['.', ',']}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onChange={(value) => {
        setRefused(null);
        props.onChange?.(value);
      }}
      error={props.error || refused}
    />
  );
}
