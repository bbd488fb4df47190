import { NavLink, Stack } from '@mantine/core';
import { IconLayoutDashboard, IconPackages, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type Section, visibleSections } from '../../shared/navigation';
import { useSession } from '../../shared/session';

const GROUP_ICONS = { management: IconSettings, orders: IconPackages } as const;

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function SectionLink({ section, pathname }: { section: Section; pathname: string }) {
  const { t } = useTranslation();
  const Icon = section.icon;
  const active = isActive(pathname, section.to);
  return (
    <NavLink
      component={Link}
      to={section.to}
      label={t(`layout.nav.${section.id}`)}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}

/** SPEC.md §2 'Left menu': entries follow the session's permission flags. */
export function NavMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const sections = visibleSections(session);
  const grouped = (group: Section['group']) => sections.filter((section) => section.group === group);

  return (
    <Stack gap={2}>
      <NavLink
        component={Link}
        to="/"
        label={t('layout.nav.dashboard')}
        leftSection={<IconLayoutDashboard size={18} stroke={1.6} aria-hidden />}
        active={pathname === '/'}
        aria-current={pathname === '/' ? 'page' : undefined}
      />
      {(['management', 'orders'] as const).map((group) => {
        const items = grouped(group);
        if (items.length === 0) return null;
        const GroupIcon = GROUP_ICONS[group];
        return (
          <NavLink
            key={group}
            label={t(`layout.nav.${group}`)}
            leftSection={<GroupIcon size={18} stroke={1.6} aria-hidden />}
            defaultOpened
            childrenOffset="md"
          >
            {items.map((section) => (
              <SectionLink key={section.id} section={section} pathname={pathname} />
            ))}
          </NavLink>
        );
      })}
      {grouped(null).map((section) => (
        <SectionLink key={section.id} section={section} pathname={pathname} />
      ))}
    </Stack>
  );
}
