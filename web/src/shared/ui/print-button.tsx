import { Button, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * Prints the screen through the browser's print dialog. What the paper shows is app/print.css's
 * business: the screen's document without the application's menus, buttons and forms.
 */
export function PrintButton() {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter size={18} aria-hidden />}
      onClick={() => window.print()}
      data-print="hide"
    >
      {t('common.print')}
    </Button>
  );
}

/** A line only the paper shows: what was printed (optional) and when. */
export function PrintNote({ caption }: { caption?: string }) {
  const { t } = useTranslation();
  const printed = t('common.printed', { date: dayjs().format('DD.MM.YYYY HH:mm') });
  return (
    <Text size="sm" data-print="only" data-testid="print-note">
      {caption ? `${caption} · ${printed}` : printed}
    </Text>
  );
}
