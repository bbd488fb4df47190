import { LANGUAGES } from '@extranet/contract';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { changeLanguage, useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The header's user menu: own profile, language (en/ru/lv) and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const language = useLanguage();
  const logout = useLogout();
  const name = session.fio || session.username;

  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        {/* The accessible name starts with the visible name (axe: label-content-name-mismatch). */}
        <UnstyledButton data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar size={32} radius="xl" color="blue" aria-hidden>
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {name}
            </Text>
            <VisuallyHidden> {t('layout.userMenu.open')}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/auth/users/profile" leftSection={<IconUser size={16} aria-hidden />}>
          {t('layout.userMenu.profile')}
        </Menu.Item>
        <Menu.Divider role="separator" />
        <Menu.Label>{t('layout.userMenu.language')}</Menu.Label>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            aria-current={code === language ? 'true' : undefined}
            lang={code}
            onClick={() => void changeLanguage(code)}
            rightSection={code === language ? <IconCheck size={16} aria-hidden /> : null}
          >
            {t(`layout.languages.${code}`)}
          </Menu.Item>
        ))}
        <Menu.Divider role="separator" />
        <Menu.Item
          color="red.9"
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {t('layout.userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
