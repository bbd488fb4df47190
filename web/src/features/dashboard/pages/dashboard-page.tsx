import { ROLE_ADMIN } from '@extranet/contract';
import { Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';
import { PageTitle } from '../../../shared/ui/page-title';
import { GettingStarted } from '../components/getting-started';
import { OrderStatusPies } from '../components/order-status-pies';
import { QuickLinks } from '../components/quick-links';
import type { DashboardSlots } from '../routes';

export function DashboardPage({ slots }: { slots: DashboardSlots }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <PageTitle
        title={t('dashboard.title')}
        description={t('dashboard.welcome', { name: session.fio || session.username })}
      />
      <GettingStarted enabled={session.role === ROLE_ADMIN} />
      <section aria-labelledby="dashboard-quick-links">
        <Title order={2} size="h4" mb="sm" id="dashboard-quick-links">
          {t('dashboard.quickLinks')}
        </Title>
        <QuickLinks />
      </section>
      <Suspense fallback={null}>
        <slots.PinnedViews />
      </Suspense>
      <OrderStatusPies />
    </>
  );
}
