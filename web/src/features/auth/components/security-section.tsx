import type { auth } from '@extranet/contract';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../shared/ui/form-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDisableTotp } from '../api/disable-totp';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useListSessions } from '../api/list-sessions';
import { TotpSetup } from './totp-setup';

/** SPEC.md §9: times as DD.MM.YYYY HH:mm. */
const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

/** A short, readable name of a browser's User-Agent: "Chrome on Windows". */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : undefined;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  if (!browser) return userAgent.slice(0, 60);
  return system ? `${browser} · ${system}` : browser;
}

/** One's own sign-in security: the second factor and the sessions (SPEC.md §2 'Profile'). */
export function SecuritySection({ profile }: { profile: auth.UserProfile }) {
  const { t } = useTranslation();
  const [setupOpen, setup] = useDisclosure(false);
  const [offOpen, off] = useDisclosure(false);
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="security-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="security-title">
          {t('auth.security.title')}
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text>{t('auth.security.secondFactor')}</Text>
            <Badge color={profile.second_factor ? 'green' : 'gray'} data-testid="second-factor-status">
              {profile.second_factor ? t('auth.security.on') : t('auth.security.off')}
            </Badge>
          </Group>
          {profile.second_factor ? (
            <Button variant="default" onClick={off.open}>
              {t('auth.security.turnOff')}
            </Button>
          ) : (
            <Button onClick={setup.open}>{t('auth.security.turnOn')}</Button>
          )}
        </Group>
        <Sessions />
      </Stack>
      <Modal
        opened={setupOpen}
        onClose={setup.close}
        title={t('auth.security.setupTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {setupOpen && <TotpSetup onDone={setup.close} />}
      </Modal>
      <Modal
        opened={offOpen}
        onClose={off.close}
        title={t('auth.security.turnOff')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            disable.mutate(
              { password },
              {
                onSuccess: () => {
                  setPassword('');
                  off.close();
                  notifySuccess(t('auth.security.turnedOff'));
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <FormError error={disable.error} />
            <PasswordInput
              label={t('auth.security.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              withAsterisk
              aria-required
            />
            <Group justify="flex-end">
              <Button type="submit" color="red" loading={disable.isPending}>
                {t('auth.security.turnOff')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}

function Sessions() {
  const { t } = useTranslation();
  const sessions = useListSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmOpen, confirm] = useDisclosure(false);

  if (sessions.isPending) return <Loader aria-label={t('common.loading')} role="progressbar" />;
  if (sessions.isError) return <FormError error={sessions.error} />;
  const others = sessions.data.items.filter((item) => !item.current);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5">
          {t('auth.security.sessions')}
        </Title>
        <Button variant="default" size="xs" disabled={others.length === 0} onClick={confirm.open}>
          {t('auth.security.endOthers')}
        </Button>
      </Group>
      <FormError error={end.error ?? endOthers.error} />
      {/* Scrolled sideways on a phone: reachable by keyboard (axe: scrollable-region-focusable). */}
      <Table.ScrollContainer
        minWidth={560}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, 'aria-label': t('auth.security.sessions') } as Record<
            string,
            unknown
          >,
        }}
      >
        <Table striped data-testid="sessions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('auth.security.device')}</Table.Th>
              <Table.Th>{t('auth.security.address')}</Table.Th>
              <Table.Th>{t('auth.security.signedIn')}</Table.Th>
              <Table.Th>{t('auth.security.lastUse')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('auth.security.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.items.map((item) => (
              <Table.Tr key={item.session_id}>
                <Table.Td>{deviceOf(item.user_agent)}</Table.Td>
                <Table.Td>{item.address ?? '—'}</Table.Td>
                <Table.Td>{dayjs(item.created).format(DATE_TIME_FORMAT)}</Table.Td>
                <Table.Td>{dayjs(item.last_used).format(DATE_TIME_FORMAT)}</Table.Td>
                <Table.Td>
                  {item.current ? (
                    <Badge variant="light">{t('auth.security.thisDevice')}</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('auth.security.endOne', { device: deviceOf(item.user_agent) })}
                      onClick={() => end.mutate({ session_id: item.session_id })}
                    >
                      {t('auth.security.end')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={confirmOpen}
        onClose={confirm.close}
        title={t('auth.security.endOthers')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('auth.security.endOthersConfirm', { count: others.length })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={endOthers.isPending}
              onClick={() => endOthers.mutate(undefined, { onSuccess: confirm.close })}
            >
              {t('auth.security.endOthers')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
