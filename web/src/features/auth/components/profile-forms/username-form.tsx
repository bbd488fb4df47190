import { auth } from '@extranet/contract';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldError } from '../../../../shared/forms';
import { FormError } from '../../../../shared/ui/form-error';
import { useChangeUsername } from '../../api/change-username';
import { formResolver } from '../../forms/form-resolver';
import { FormSection } from '../form-section';
import { useProfileSection } from './profile-sections';
import type { ProfileFormProps } from './types';
import { useReportDirty } from './use-report-dirty';

const UsernameSchema = auth.changeUsername.request.pick({ username: true });
type UsernameValues = z.infer<typeof UsernameSchema>;

/** Another user's username (required); never shown on one's own profile. */
export function UsernameForm({ profile, onDirtyChange }: ProfileFormProps) {
  const { t } = useTranslation();
  const save = useChangeUsername();
  const {
    register,
    reset,
    getValues,
    trigger,
    formState: { errors, isDirty },
  } = useForm<UsernameValues>({
    resolver: formResolver(UsernameSchema),
    defaultValues: { username: profile.username },
  });
  useReportDirty(isDirty, onDirtyChange);
  useProfileSection('username', {
    validate: () => trigger(),
    clearError: () => save.reset(),
    save: async () => {
      const input = getValues();
      await save.mutateAsync({ user_id: profile.user_id, username: UsernameSchema.parse(input).username });
      reset(input);
    },
  });

  return (
    <FormSection title={t('auth.users.edit.username')} testId="form-username">
      <Stack gap="md">
        <FormError error={save.error} />
        <TextInput
          label={t('auth.users.fields.username')}
          autoComplete="off"
          withAsterisk
          aria-required
          error={fieldError(t, errors.username)}
          {...register('username')}
        />
      </Stack>
    </FormSection>
  );
}
