import type { auth } from '@extranet/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api';
import { DataState } from '../../../shared/ui/data-state';
import { FormError } from '../../../shared/ui/form-error';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { AccessForm } from '../components/profile-forms/access-form';
import { GeneralForm } from '../components/profile-forms/general-form';
import { NotificationsForm } from '../components/profile-forms/notifications-form';
import { PasswordForm } from '../components/profile-forms/password-form';
import {
  type ProfileSection,
  ProfileSectionsProvider,
  SECTION_NAMES,
  type SectionName,
} from '../components/profile-forms/profile-sections';
import { UsernameForm } from '../components/profile-forms/username-form';
import { useTargetProfile } from '../components/use-target-profile';
import { useUnsavedChangesPrompt } from '../forms/use-unsaved-changes-prompt';
import classes from './profile-edit-page.module.css';

/**
 * SPEC.md §2 'Edit profile': general data, username, access and password of a user (notifications
 * on one's own profile only), saved together with one Save (docs/decisions.md 'Users').
 */
export function ProfileEditPage() {
  const { userId, isSelf, isValid, query } = useTargetProfile();
  if (!isValid) return <FormError error={new ApiError('invalid_user_id')} />;
  if (query.data === undefined) return <DataState query={query}>{() => null}</DataState>;
  // A new user id means new forms (and nothing unsaved carried over).
  return <ProfileEditor key={userId} profile={query.data} isSelf={isSelf} />;
}

function ProfileEditor({ profile, isSelf }: { profile: auth.UserProfile; isSelf: boolean }) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState<Record<SectionName, boolean>>({
    general: false,
    username: false,
    notifications: false,
    access: false,
    password: false,
  });
  const reporters = useMemo(() => {
    const reporter = (name: SectionName) => (isDirty: boolean) =>
      setDirty((previous) => (previous[name] === isDirty ? previous : { ...previous, [name]: isDirty }));
    return Object.fromEntries(SECTION_NAMES.map((name) => [name, reporter(name)])) as Record<
      SectionName,
      (isDirty: boolean) => void
    >;
  }, []);
  const sections = useRef(new Map<SectionName, RefObject<ProfileSection>>());
  const register = useCallback((name: SectionName, section: RefObject<ProfileSection>) => {
    sections.current.set(name, section);
    return () => {
      sections.current.delete(name);
    };
  }, []);
  const [saving, setSaving] = useState(false);
  const isDirty = Object.values(dirty).some(Boolean);
  useUnsavedChangesPrompt(isDirty);
  const profilePath = isSelf ? '/auth/users/profile' : `/auth/users/profile/${profile.user_id}`;
  const viewProfile = useCallback(
    () => (
      <Anchor component={Link} to={profilePath} size="sm">
        {t('auth.users.edit.viewProfile')}
      </Anchor>
    ),
    [profilePath, t],
  );

  /**
   * One Save for the whole page: every changed section is checked first, and nothing is sent
   * while one has an input error; then each changed section is stored through its own call, in
   * SECTION_NAMES order. A refused section keeps its changes and says why; the others are stored.
   */
  const saveAll = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const changed = SECTION_NAMES.flatMap((name) => {
      const section = sections.current.get(name)?.current;
      return dirty[name] && section ? [{ name, section }] : [];
    });
    for (const section of sections.current.values()) section.current?.clearError();
    if (changed.length === 0) return;
    const valid = await Promise.all(changed.map(({ section }) => section.validate()));
    if (!valid.every(Boolean)) {
      notifyError(t('validation.formHasErrors'));
      return;
    }
    setSaving(true);
    const refused: SectionName[] = [];
    for (const { name, section } of changed) {
      try {
        await section.save();
      } catch {
        refused.push(name);
      }
    }
    setSaving(false);
    if (refused.length === 0) notifySuccess(t('auth.users.edit.saved'));
    else
      notifyError(
        t('auth.users.edit.notSaved', {
          sections: refused.map((name) => t(`auth.users.edit.${name}`)).join(', '),
        }),
      );
  };

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
  const title = isSelf
    ? t('auth.users.edit.ownTitle')
    : t('auth.users.edit.title', { name: profile.username });
  return (
    <Stack gap="md">
      <PageTitle
        title={title}
        section={isSelf ? undefined : t('auth.users.list.title')}
        description={profile.fio}
        actions={viewProfile()}
      />
      <ProfileSectionsProvider register={register}>
        <form onSubmit={saveAll} noValidate aria-label={title}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
              <Stack gap="md">
                <GeneralForm {...common} onDirtyChange={reporters.general} />
                {!isSelf && <UsernameForm {...common} onDirtyChange={reporters.username} />}
                <PasswordForm {...common} onDirtyChange={reporters.password} />
              </Stack>
              <Stack gap="md">
                {!isSelf && <AccessForm {...common} onDirtyChange={reporters.access} />}
                {/* "Notify me about" is the user's own choice: never shown for someone else. */}
                {isSelf && <NotificationsForm profile={profile} onDirtyChange={reporters.notifications} />}
              </Stack>
            </SimpleGrid>
            {/* Save on the left: the toasts come in at the bottom right, where they would cover it. */}
            <Paper withBorder radius="md" p="sm" className={classes.saveBar}>
              <Group justify="flex-start">
                <Button type="submit" loading={saving} disabled={saving || !isDirty}>
                  {t('common.save')}
                </Button>
              </Group>
            </Paper>
          </Stack>
        </form>
      </ProfileSectionsProvider>
    </Stack>
  );
}
