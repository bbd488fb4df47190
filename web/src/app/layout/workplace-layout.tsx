import { Anchor, AppShell, Burger, Group, ScrollArea, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure, useReducedMotion } from '@mantine/hooks';
import { IconTruckDelivery } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { SessionExpiredDialog } from '../../features/auth/components/session-expired-dialog';
import { ListViewsSlotProvider } from '../../shared/ui/list-views-slot';
import { ListViews } from '../list-views';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { AppFooter } from './app-footer';
import { LiveUpdates } from './live-updates';
import { NavMenu } from './nav-menu';
import { NotificationsSlot } from './notifications-slot';
import { UserMenu } from './user-menu';
import classes from './workplace-layout.module.css';

/** The signed-in frame: header, left menu (a burger below 992 px), breadcrumbs, page, footer. */
export function WorkplaceLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [navbarOpened, navbar] = useDisclosure(false);
  const { pathname } = useLocation();
  // The menu slides in and out on a phone, unless the system asks for less motion. Read at once:
  // read after the first render, it changed from nothing to false and drew the whole frame and its
  // page a second time on every start.
  const reduceMotion = useReducedMotion(undefined, { getInitialValueInEffect: false });

  useEffect(() => {
    if (pathname) navbar.close();
  }, [pathname, navbar.close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'md', collapsed: { mobile: !navbarOpened } }}
      padding="md"
      transitionDuration={reduceMotion ? 0 : 200}
    >
      <Anchor href="#main-content" className={classes.skipLink}>
        {t('layout.skipToContent')}
      </Anchor>
      <LiveUpdates />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navbarOpened}
              onClick={navbar.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('layout.header.toggleNavigation')}
              aria-expanded={navbarOpened}
              aria-controls="app-navbar"
            />
            {/* On a phone the product name is hidden: the link keeps it as its name. */}
            <UnstyledButton component={Link} to="/" aria-label={t('common.appName')}>
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon size={32} radius="md" aria-hidden>
                  <IconTruckDelivery size={20} />
                </ThemeIcon>
                <Text fw={600} size="lg" visibleFrom="xs">
                  {t('common.appName')}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NotificationsSlot />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" aria-label={t('layout.nav.label')} p="xs">
        <AppShell.Section grow component={ScrollArea}>
          <NavMenu />
        </AppShell.Section>
      </AppShell.Navbar>
      {/* Named: an embedded report brings a main landmark of its own (axe 'landmark-unique'). */}
      <AppShell.Main
        id="main-content"
        tabIndex={-1}
        className={classes.main}
        aria-label={t('layout.content')}
      >
        <AppBreadcrumbs />
        <div className={classes.content}>
          <ListViewsSlotProvider value={ListViews}>{children ?? <Outlet />}</ListViewsSlotProvider>
        </div>
        <AppFooter>
          <Anchor component={Link} to="/support" inherit>
            {t('layout.footer.support')}
          </Anchor>
        </AppFooter>
      </AppShell.Main>
      <SessionExpiredDialog />
    </AppShell>
  );
}
