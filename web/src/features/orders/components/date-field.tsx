import { CloseButton, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { type ChangeEvent, type FocusEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from './format';

dayjs.extend(customParseFormat);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Typed text in DD.MM.YYYY (or D.M.YYYY) as 'YYYY-MM-DD'; null for anything else. */
export function parseDate(text: string): string | null {
  const parsed = dayjs(text.trim(), ['DD.MM.YYYY', 'D.M.YYYY'], true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

/** Whether a date field's value is a date ('YYYY-MM-DD') rather than text it could not read. */
export const isDateValue = (value: string | null | undefined): value is string =>
  typeof value === 'string' && ISO_DATE.test(value);

const shown = (value: string | null | undefined) =>
  isDateValue(value) ? dayjs(value).format(DATE_FORMAT) : (value ?? '');

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** 'YYYY-MM-DD', or the text as typed when it is not a date the field can read; null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Days before it, or after maxDate, are greyed out in the calendar and refused when typed. */
  minDate?: string;
  maxDate?: string;
  clearable?: boolean;
};

/**
 * SPEC.md §5 'Date input', DD.MM.YYYY, with a calendar. Text it cannot read, or a date outside
 * the allowed days, is never cleared or changed: it stays as typed, handed to the form as it is
 * (so the form will not save it), with an error under the field saying why. Values are
 * 'YYYY-MM-DD'.
 */
export function DateField({
  value,
  onChange,
  minDate,
  maxDate,
  clearable,
  error,
  onBlur,
  ...props
}: DateFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => shown(value));
  const [opened, setOpened] = useState(false);
  const [left, setLeft] = useState(false);

  // A value set from outside (a reset, a restored draft, the calendar) shows as its date.
  useEffect(() => {
    setText((current) => {
      if (value === null) return parseDate(current) === null && current.trim() !== '' ? current : '';
      return isDateValue(value) && parseDate(current) === value ? current : shown(value);
    });
  }, [value]);

  const date = parseDate(text);
  const refusal = (() => {
    if (!text.trim()) return null;
    if (!date) return t('dateInput.unreadable', { text: text.trim(), pattern: t('common.datePlaceholder') });
    if (minDate && date < minDate) return t('dateInput.beforeMin', { date: shown(minDate) });
    if (maxDate && date > maxDate) return t('dateInput.afterMax', { date: shown(maxDate) });
    return null;
  })();

  const type = (next: string) => {
    setText(next);
    const parsed = parseDate(next);
    onChange(next.trim() === '' ? null : (parsed ?? next));
  };

  const pick = (picked: string | null) => {
    setText(shown(picked));
    onChange(picked);
    setOpened(false);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      trapFocus={false}
      withinPortal
      // A text box may not say it has a popup (aria-expanded): the calendar is a help to typing.
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          {...props}
          value={text}
          placeholder={t('common.datePlaceholder')}
          autoComplete="off"
          onChange={(event: ChangeEvent<HTMLInputElement>) => type(event.currentTarget.value)}
          onClick={() => setOpened(true)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Escape') setOpened(false);
            if (event.key === 'ArrowDown') setOpened(true);
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            // The calendar keeps the focus in the field (mouse down is not taken): leaving closes it.
            setOpened(false);
            setLeft(true);
            onBlur?.(event);
          }}
          onFocus={() => setLeft(false)}
          error={(left && refusal) || error}
          rightSection={
            clearable && text ? (
              <CloseButton size="sm" aria-label={t('orders.clearDate')} onClick={() => pick(null)} />
            ) : undefined
          }
        />
      </Popover.Target>
      <Popover.Dropdown onMouseDown={(event) => event.preventDefault()}>
        <DatePicker
          value={date}
          defaultDate={date ?? minDate ?? undefined}
          minDate={minDate}
          maxDate={maxDate}
          onChange={(picked) => pick(picked)}
          allowDeselect={clearable}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
