import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A section that is announced but not open yet. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2}>{t('layout.placeholder.title')}</Title>
      <Text c="dimmed">{t('layout.placeholder.text')}</Text>
    </Stack>
  );
}
