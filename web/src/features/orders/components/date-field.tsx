import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from './format';

dayjs.extend(customParseFormat);

/** Typed text in DD.MM.YYYY (or D.M.YYYY); anything else is no date, so the field is cleared. */
export function parseDate(text: string): string | null {
  const parsed = dayjs(text.trim(), ['DD.MM.YYYY', 'D.M.YYYY'], true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

/** SPEC.md §5 'Date input': DD.MM.YYYY, an unparsable date is cleared. Values are 'YYYY-MM-DD'. */
export function DateField(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  const { t } = useTranslation();
  return (
    <DateInput
      valueFormat={DATE_FORMAT}
      dateParser={parseDate}
      placeholder={t('common.datePlaceholder')}
      clearButtonProps={{ 'aria-label': t('orders.clearDate') }}
      {...props}
    />
  );
}
