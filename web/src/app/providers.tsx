import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n, useLanguage } from '../shared/i18n';
import { OVERLAYS_ID, theme } from './theme';
import { cssVariablesResolver } from './theme-base';

function LocalizedProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    // Some names come from the server in the reader's language (units): fetch them again.
    void queryClient.invalidateQueries();
  }, [language, queryClient]);

  return (
    // SPEC.md §9: the week starts on Monday.
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: t('common.ok'), cancel: t('common.cancel') }}>
        {/* In a landmark of their own: a toast is not content outside every region (axe 'region'). */}
        <section aria-label={t('layout.alerts')}>
          <Notifications position="bottom-right" limit={5} withinPortal={false} />
        </section>
        {children}
        {/* Where menus, select lists and dialogs open (theme.ts, Portal): inside a landmark (axe 'region'). */}
        <section aria-label={t('layout.overlays')} id={OVERLAYS_ID} />
      </ModalsProvider>
    </DatesProvider>
  );
}

export function AppProviders({
  queryClient,
  children,
  mantineEnv = 'default',
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals in component tests. */
  mantineEnv?: 'default' | 'test';
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        env={mantineEnv}
      >
        <QueryClientProvider client={queryClient}>
          <LocalizedProviders>{children}</LocalizedProviders>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
