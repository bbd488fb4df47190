import { auth } from '@extranet/contract';
import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError } from '../../../../shared/forms';
import { FormError } from '../../../../shared/ui/form-error';
import { useChangePasswordForce } from '../../api/change-password-force';
import { useChangeOwnPassword } from '../../api/change-password-self';
import { formResolver } from '../../forms/form-resolver';
import { NewPasswordInputs } from '../../forms/new-password-inputs';
import { usePasswordToggleProps } from '../../forms/password-toggle';
import { withPasswordsIdentical } from '../../forms/rules';
import { FormSection } from '../form-section';
import { useProfileSection } from './profile-sections';
import type { ProfileFormProps } from './types';
import { useReportDirty } from './use-report-dirty';

// SPEC.md §5 'Password form': the current password only on one's own profile.
const OwnPasswordForm = withPasswordsIdentical(
  z.object(auth.ChangePasswordSelfRequest.shape),
  'password_new',
  'password_conf',
);
const OtherPasswordForm = withPasswordsIdentical(
  z.object(auth.ChangePasswordForceRequest.shape).omit({ user_id: true }),
  'password_new',
  'password_conf',
);

type PasswordValues = { password_old?: string; password_new: string; password_conf: string };
const EMPTY: PasswordValues = { password_old: '', password_new: '', password_conf: '' };

export function PasswordForm({ profile, isSelf, onDirtyChange }: ProfileFormProps) {
  const { t } = useTranslation();
  const own = useChangeOwnPassword();
  const toggle = usePasswordToggleProps();
  const other = useChangePasswordForce();
  const save = isSelf ? own : other;
  const {
    register,
    reset,
    watch,
    getValues,
    trigger,
    formState: { errors, isDirty },
  } = useForm<PasswordValues>({
    resolver: formResolver<PasswordValues, PasswordValues>(isSelf ? OwnPasswordForm : OtherPasswordForm),
    defaultValues: isSelf ? EMPTY : { password_new: '', password_conf: '' },
  });
  useReportDirty(isDirty, onDirtyChange);
  useProfileSection('password', {
    validate: () => trigger(),
    clearError: () => {
      own.reset();
      other.reset();
    },
    save: async () => {
      const values = getValues();
      try {
        if (isSelf) {
          await own.mutateAsync({
            password_old: values.password_old ?? '',
            password_new: values.password_new,
            password_conf: values.password_conf,
          });
        } else {
          await other.mutateAsync({
            user_id: profile.user_id,
            password_new: values.password_new,
            password_conf: values.password_conf,
          });
        }
      } finally {
        // Passwords are never kept in the form after an attempt, successful or not.
        reset();
      }
    },
  });

  return (
    <FormSection title={t('auth.users.edit.password')} testId="form-password">
      <Stack gap="md">
        <FormError error={save.error} />
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={profile.username} readOnly hidden />
        {isSelf && (
          <PasswordInput
            {...toggle}
            label={t('auth.users.fields.currentPassword')}
            autoComplete="current-password"
            withAsterisk
            aria-required
            error={fieldError(t, errors.password_old)}
            {...register('password_old')}
          />
        )}
        <NewPasswordInputs
          labels={{ password: t('auth.users.fields.newPassword'), confirm: t('auth.users.fields.confirm') }}
          password={watch('password_new')}
          context={profile}
          field={register('password_new', { deps: ['password_conf'] })}
          confirmField={register('password_conf')}
          error={errors.password_new}
          confirmError={errors.password_conf}
        />
      </Stack>
    </FormSection>
  );
}
