import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';
import { QuickLinks } from '../components/quick-links';

export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('dashboard.title')}</Title>
        <Text c="dimmed">{t('dashboard.welcome', { name: session.fio || session.username })}</Text>
      </div>
      <section aria-labelledby="dashboard-quick-links">
        <Title order={3} size="h4" mb="sm" id="dashboard-quick-links">
          {t('dashboard.quickLinks')}
        </Title>
        <QuickLinks />
      </section>
    </Stack>
  );
}
