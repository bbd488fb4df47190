import type { auth } from '@extranet/contract';
import { Alert, Anchor, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api';
import { PageTitle } from '../../../shared/ui/page-title';
import { FormError } from '../components/form-error';
import { AccessForm } from '../components/profile-forms/access-form';
import { GeneralForm } from '../components/profile-forms/general-form';
import { NotificationsForm } from '../components/profile-forms/notifications-form';
import { PasswordForm } from '../components/profile-forms/password-form';
import { UsernameForm } from '../components/profile-forms/username-form';
import { useTargetProfile } from '../components/use-target-profile';
import { useUnsavedChangesPrompt } from '../forms/use-unsaved-changes-prompt';

type FormName = 'general' | 'username' | 'notifications' | 'access' | 'password';

/** SPEC.md §2 'Edit profile': five separate forms, each saving and failing on its own. */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const { userId, isSelf, isValid, query } = useTargetProfile();
  if (!isValid) return <FormError error={new ApiError('invalid_user_id')} />;
  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  if (query.isError) return <FormError error={query.error} />;
  // A new user id means new forms (and nothing unsaved carried over).
  return <ProfileEditor key={userId} profile={query.data} isSelf={isSelf} />;
}

function ProfileEditor({ profile, isSelf }: { profile: auth.UserProfile; isSelf: boolean }) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState<Record<FormName, boolean>>({
    general: false,
    username: false,
    notifications: false,
    access: false,
    password: false,
  });
  const reporters = useMemo(() => {
    const reporter = (name: FormName) => (isDirty: boolean) =>
      setDirty((previous) => (previous[name] === isDirty ? previous : { ...previous, [name]: isDirty }));
    return {
      general: reporter('general'),
      username: reporter('username'),
      notifications: reporter('notifications'),
      access: reporter('access'),
      password: reporter('password'),
    };
  }, []);
  useUnsavedChangesPrompt(Object.values(dirty).some(Boolean));
  const profilePath = isSelf ? '/auth/users/profile' : `/auth/users/profile/${profile.user_id}`;
  const viewProfile = useCallback(
    () => (
      <Anchor component={Link} to={profilePath} size="sm">
        {t('auth.users.edit.viewProfile')}
      </Anchor>
    ),
    [profilePath, t],
  );

  if (!isSelf && !profile.manageable) {
    return (
      <Stack gap="md">
        <PageTitle
          title={t('auth.users.edit.title', { name: profile.username })}
          section={t('auth.users.list.title')}
        />
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />} role="alert">
          {t('auth.users.edit.notManageable')}
        </Alert>
        {viewProfile()}
      </Stack>
    );
  }

  const common = { profile, isSelf };
  return (
    <Stack gap="md">
      <PageTitle
        title={
          isSelf ? t('auth.users.edit.ownTitle') : t('auth.users.edit.title', { name: profile.username })
        }
        section={isSelf ? undefined : t('auth.users.list.title')}
        description={profile.fio}
        actions={viewProfile()}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
        <Stack gap="md">
          <GeneralForm {...common} onDirtyChange={reporters.general} />
          {!isSelf && <UsernameForm {...common} onDirtyChange={reporters.username} />}
          <PasswordForm {...common} onDirtyChange={reporters.password} />
        </Stack>
        <Stack gap="md">
          {!isSelf && <AccessForm {...common} onDirtyChange={reporters.access} />}
          <NotificationsForm {...common} onDirtyChange={reporters.notifications} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
