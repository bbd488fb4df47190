import { auth } from '@extranet/contract';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldError } from '../../../../shared/forms';
import { useChangeUsername } from '../../api/change-username';
import { formResolver } from '../../forms/form-resolver';
import { FormError } from '../form-error';
import { FormSection } from '../form-section';
import { SaveButton } from './save-button';
import type { ProfileFormProps } from './types';
import { useProfileFormState } from './use-profile-form-state';

const UsernameSchema = auth.changeUsername.request.pick({ username: true });
type UsernameValues = z.infer<typeof UsernameSchema>;

/** Another user's username (required); never shown on one's own profile. */
export function UsernameForm({ profile, onDirtyChange }: ProfileFormProps) {
  const { t } = useTranslation();
  const save = useChangeUsername();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<UsernameValues>({
    resolver: formResolver(UsernameSchema),
    defaultValues: { username: profile.username },
  });
  const { notifySaved, notifyInvalid } = useProfileFormState(isDirty, onDirtyChange);

  const onSubmit = handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(
      { user_id: profile.user_id, username: values.username },
      {
        onSuccess: () => {
          reset(values);
          notifySaved();
        },
      },
    );
  }, notifyInvalid);

  return (
    <FormSection title={t('auth.users.edit.username')} testId="form-username">
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.users.edit.username')}>
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
          <SaveButton pending={save.isPending} />
        </Stack>
      </form>
    </FormSection>
  );
}
