import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The copyright, and what the layout adds beside it (the workplace: the support link). */
export function AppFooter({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="space-between" gap="xs" py="sm" c="dimmed" fz="sm">
      <Text inherit>{t('layout.footer.copyright')}</Text>
      {children}
    </Group>
  );
}
