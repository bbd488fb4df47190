import { type auth, PERMISSIONS, ROLE_ADMIN } from '@extranet/contract';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleOff,
  IconEdit,
  IconKey,
  IconLock,
  IconShieldLock,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api';
import { confirmAction } from '../../../shared/ui/confirm';
import { DataState } from '../../../shared/ui/data-state';
import { FormError } from '../../../shared/ui/form-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { useDisableUser } from '../api/disable-user';
import { useEnableUser } from '../api/enable-user';
import { useResetLoginFailures } from '../api/reset-login-failures';
import { useResetSecondFactor } from '../api/reset-second-factor';
import { SecuritySection } from '../components/security-section';
import { useAccessLabels } from '../components/use-access-labels';
import { useTargetProfile } from '../components/use-target-profile';

/** SPEC.md §2 'Profile view': one's own (auth/users/profile) or another user's (…/profile/:userId). */
export function ProfilePage() {
  const { isSelf, isValid, query } = useTargetProfile();
  if (!isValid) return <FormError error={new ApiError('invalid_user_id')} />;
  if (query.data === undefined) return <DataState query={query}>{() => null}</DataState>;
  return <Profile profile={query.data} isSelf={isSelf} />;
}

function Profile({ profile, isSelf }: { profile: auth.UserProfile; isSelf: boolean }) {
  const { t } = useTranslation();
  const canEdit = isSelf || profile.manageable;
  const editPath = isSelf ? '/auth/users/edit' : `/auth/users/edit/${profile.user_id}`;

  return (
    <Stack gap="md" maw={960}>
      <PageTitle
        title={isSelf ? t('auth.users.profile.ownTitle') : profile.username}
        section={isSelf ? undefined : t('auth.users.list.title')}
        description={profile.fio}
        actions={
          canEdit && (
            <Button component={Link} to={editPath} leftSection={<IconEdit size={18} aria-hidden />}>
              {t('auth.users.profile.edit')}
            </Button>
          )
        }
      />
      <ProfileBanners profile={profile} canManage={!isSelf && profile.manageable} />
      <ProfileDetails profile={profile} />
      {isSelf ? <SecuritySection profile={profile} /> : <SecondFactorBanner profile={profile} />}
    </Stack>
  );
}

/** Active/inactive, password reset required, too many login failures; buttons only for a manageable other user. */
function ProfileBanners({ profile, canManage }: { profile: auth.UserProfile; canManage: boolean }) {
  const { t } = useTranslation();
  const disable = useDisableUser();
  const enable = useEnableUser();
  const resetFailures = useResetLoginFailures();
  const busy = disable.isPending || enable.isPending || resetFailures.isPending;
  const target = { user_id: profile.user_id };

  return (
    <Stack gap="sm">
      <FormError error={disable.error ?? enable.error ?? resetFailures.error} />
      <Banner
        testId="banner-status"
        color={profile.excluded ? 'gray' : 'green'}
        icon={profile.excluded ? <IconCircleOff aria-hidden /> : <IconCircleCheck aria-hidden />}
        text={profile.excluded ? t('auth.users.profile.inactive') : t('auth.users.profile.active')}
        action={
          canManage &&
          (profile.excluded ? (
            <Button
              size="xs"
              color="green"
              loading={enable.isPending}
              disabled={busy}
              onClick={() =>
                enable.mutate(target, { onSuccess: () => notifySuccess(t('auth.users.profile.activated')) })
              }
            >
              {t('auth.users.profile.activate')}
            </Button>
          ) : (
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={disable.isPending}
              disabled={busy}
              onClick={() =>
                // Deactivating signs the user out at once: it is asked first.
                confirmAction({
                  title: t('auth.users.profile.deactivateTitle', { name: profile.username }),
                  text: t('auth.users.profile.deactivateText'),
                  confirm: t('auth.users.profile.deactivate'),
                  danger: true,
                  onConfirm: () =>
                    disable.mutate(target, {
                      onSuccess: () => notifySuccess(t('auth.users.profile.deactivated')),
                    }),
                })
              }
            >
              {t('auth.users.profile.deactivate')}
            </Button>
          ))
        }
      />
      {profile.password_expired && (
        <Banner
          testId="banner-password"
          color="yellow"
          icon={<IconKey aria-hidden />}
          text={t('auth.users.profile.passwordExpired')}
        />
      )}
      {profile.too_many_login_failures && (
        <Banner
          testId="banner-failures"
          color="red"
          icon={<IconLock aria-hidden />}
          text={t('auth.users.profile.tooManyFailures')}
          action={
            canManage && (
              <Button
                size="xs"
                color="red"
                loading={resetFailures.isPending}
                disabled={busy}
                onClick={() =>
                  resetFailures.mutate(target, {
                    onSuccess: () => notifySuccess(t('auth.users.profile.failuresReset')),
                  })
                }
              >
                {t('auth.users.profile.resetFailures')}
              </Button>
            )
          }
        />
      )}
    </Stack>
  );
}

function Banner(props: { color: string; icon: ReactNode; text: string; action?: ReactNode; testId: string }) {
  return (
    <Alert color={props.color} variant="light" icon={props.icon} data-testid={props.testId}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{props.text}</Text>
        {props.action}
      </Group>
    </Alert>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

function ProfileDetails({ profile }: { profile: auth.UserProfile }) {
  const { t } = useTranslation();
  const { roleName, permissionName } = useAccessLabels();
  const none = (
    <Text span c="dimmed" size="sm">
      {t('auth.users.profile.none')}
    </Text>
  );

  return (
    <Paper withBorder radius="md" p="lg">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
        <Field label={t('auth.users.fields.username')}>{profile.username}</Field>
        <Field label={t('auth.users.fields.email')}>{profile.email || none}</Field>
        <Field label={t('auth.users.fields.fio')}>{profile.fio || none}</Field>
        <Field label={t('auth.users.fields.lang')}>{t(`layout.languages.${profile.lang}`)}</Field>
        <Field label={t('auth.users.fields.role')}>{roleName(profile.role)}</Field>
        <Field label={t('auth.users.fields.companies')}>
          {profile.companies.length ? (
            <Group gap={6} component="span">
              {profile.companies.map((company) => (
                <Badge key={company.company_id} variant="outline" color="blue" tt="none">
                  {company.name}
                </Badge>
              ))}
            </Group>
          ) : profile.role === ROLE_ADMIN ? (
            t('auth.users.list.allCompanies')
          ) : (
            none
          )}
        </Field>
        <Field label={t('auth.users.fields.permissions')}>
          {profile.permissions.length ? (
            <Group gap={6} component="span">
              {[...profile.permissions]
                .sort((a, b) => PERMISSIONS.indexOf(a) - PERMISSIONS.indexOf(b))
                .map((permission) => (
                  <Badge key={permission} variant="light" color="gray" tt="none">
                    {permissionName(permission)}
                  </Badge>
                ))}
            </Group>
          ) : (
            none
          )}
        </Field>
      </SimpleGrid>
    </Paper>
  );
}

/** Another user's second factor; who manages them resets it (a lost phone), after asking. */
function SecondFactorBanner({ profile }: { profile: auth.UserProfile }) {
  const { t } = useTranslation();
  const reset = useResetSecondFactor();
  const [asking, setAsking] = useState(false);
  return (
    <Stack gap="xs">
      <FormError error={reset.error} />
      <Banner
        testId="banner-second-factor"
        color={profile.second_factor ? 'green' : 'gray'}
        icon={<IconShieldLock aria-hidden />}
        text={profile.second_factor ? t('auth.security.userHasIt') : t('auth.security.userHasNone')}
        action={
          profile.second_factor &&
          profile.manageable &&
          (asking ? (
            <Group gap="xs">
              <Button
                size="xs"
                color="red"
                loading={reset.isPending}
                onClick={() =>
                  reset.mutate(
                    { user_id: profile.user_id },
                    { onSuccess: () => notifySuccess(t('auth.security.resetDone')) },
                  )
                }
              >
                {t('auth.security.resetConfirm')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setAsking(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="default" onClick={() => setAsking(true)}>
              {t('auth.security.reset')}
            </Button>
          ))
        }
      />
    </Stack>
  );
}
