import { Button, CloseButton, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Below Mantine's `sm` breakpoint (48em, 768 px) lists show cards and fold their filters. */
const PHONE_QUERY = '(max-width: 47.99em)';

/** Whether the screen is a phone's: read at once, so a phone never first draws the wide table. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

/**
 * The filters of a list. On a wide screen they stand in a row above the table; on a phone the
 * search box stays and the other filters fold into a "Filters (n)" button (n: how many are set)
 * that opens them in a drawer, so the first rows show without scrolling past every filter.
 */
export function ListFilters({
  label,
  search,
  activeCount,
  children,
}: {
  /** What the filters are of, for screen readers ("Order filters"). */
  label: string;
  /** The free-text search box, which stays in view on a phone. */
  search?: ReactNode;
  /** How many of `children` are set. */
  activeCount: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [opened, drawer] = useDisclosure(false);

  if (!isPhone) {
    return (
      <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={label}>
        {search}
        {children}
      </Group>
    );
  }
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" role="search" aria-label={label}>
      {search && <div style={{ flex: 1, minWidth: 0 }}>{search}</div>}
      {children && (
        <>
          <Button
            variant={activeCount > 0 ? 'light' : 'default'}
            leftSection={<IconFilter size={16} aria-hidden />}
            onClick={drawer.open}
            aria-haspopup="dialog"
            aria-expanded={opened}
            style={{ flexShrink: 0 }}
          >
            {activeCount > 0
              ? t('lists.filters.buttonCount', { count: activeCount })
              : t('lists.filters.button')}
          </Button>
          {/* The compound drawer: Drawer's own header is a <header>, which inside the dialog
              reads as a second banner of the page (axe landmark-no-duplicate-banner). */}
          <Drawer.Root opened={opened} onClose={drawer.close} position="bottom" size="auto">
            <Drawer.Overlay />
            <Drawer.Content>
              <Drawer.Body pt="md">
                <Stack gap="sm" pb="md">
                  <Group justify="space-between" wrap="nowrap">
                    <Drawer.Title fw={600} fz="lg">
                      {label}
                    </Drawer.Title>
                    <CloseButton onClick={drawer.close} aria-label={t('common.close')} />
                  </Group>
                  {children}
                  <Button onClick={drawer.close} fullWidth>
                    {t('lists.filters.done')}
                  </Button>
                </Stack>
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Root>
        </>
      )}
    </Group>
  );
}
