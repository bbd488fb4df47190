import { auth, LANGUAGES } from '@extranet/contract';
import { Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldError } from '../../../../shared/forms';
import { FormError } from '../../../../shared/ui/form-error';
import { useChangeGeneralForce } from '../../api/change-general-force';
import { useChangeGeneralSelf } from '../../api/change-general-self';
import { formResolver } from '../../forms/form-resolver';
import { FormSection } from '../form-section';
import { useProfileSection } from './profile-sections';
import type { ProfileFormProps } from './types';
import { useReportDirty } from './use-report-dirty';

type GeneralValues = z.input<typeof auth.ChangeGeneralRequest>;

/** Full name, email ('Invalid email address format') and language. */
export function GeneralForm({ profile, isSelf, onDirtyChange }: ProfileFormProps) {
  const { t } = useTranslation();
  const self = useChangeGeneralSelf();
  const other = useChangeGeneralForce();
  const save = isSelf ? self : other;
  const {
    register,
    control,
    reset,
    getValues,
    trigger,
    formState: { errors, isDirty },
  } = useForm<GeneralValues, unknown, auth.ChangeGeneralRequest>({
    resolver: formResolver(auth.ChangeGeneralRequest),
    defaultValues: { fio: profile.fio ?? '', email: profile.email ?? '', lang: profile.lang },
  });
  useReportDirty(isDirty, onDirtyChange);
  useProfileSection('general', {
    validate: () => trigger(),
    clearError: () => save.reset(),
    save: async () => {
      const input = getValues();
      const values = auth.ChangeGeneralRequest.parse(input);
      if (isSelf) await self.mutateAsync(values);
      else await other.mutateAsync({ ...values, user_id: profile.user_id });
      reset(input);
    },
  });

  return (
    <FormSection title={t('auth.users.edit.general')} testId="form-general">
      <Stack gap="md">
        <FormError error={save.error} />
        <TextInput
          label={t('auth.users.fields.fio')}
          autoComplete="name"
          error={fieldError(t, errors.fio)}
          {...register('fio')}
        />
        <TextInput
          label={t('auth.users.fields.email')}
          type="email"
          autoComplete="email"
          error={fieldError(t, errors.email)}
          {...register('email')}
        />
        <Controller
          control={control}
          name="lang"
          render={({ field, fieldState }) => (
            <Select
              label={t('auth.users.fields.lang')}
              data={LANGUAGES.map((code) => ({ value: code, label: t(`layout.languages.${code}`) }))}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(t, fieldState.error)}
            />
          )}
        />
      </Stack>
    </FormSection>
  );
}
