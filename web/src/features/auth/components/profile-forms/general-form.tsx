import { auth, LANGUAGES } from '@extranet/contract';
import { Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldError } from '../../../../shared/forms';
import { useChangeGeneralForce } from '../../api/change-general-force';
import { useChangeGeneralSelf } from '../../api/change-general-self';
import { formResolver } from '../../forms/form-resolver';
import { FormError } from '../form-error';
import { FormSection } from '../form-section';
import { SaveButton } from './save-button';
import type { ProfileFormProps } from './types';
import { useProfileFormState } from './use-profile-form-state';

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
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isDirty },
  } = useForm<GeneralValues, unknown, auth.ChangeGeneralRequest>({
    resolver: formResolver(auth.ChangeGeneralRequest),
    defaultValues: { fio: profile.fio ?? '', email: profile.email ?? '', lang: profile.lang },
  });
  const { notifySaved, notifyInvalid } = useProfileFormState(isDirty, onDirtyChange);

  const onSubmit = handleSubmit((values) => {
    if (self.isPending || other.isPending) return;
    const onSuccess = () => {
      reset(getValues());
      notifySaved();
    };
    if (isSelf) self.mutate(values, { onSuccess });
    else other.mutate({ ...values, user_id: profile.user_id }, { onSuccess });
  }, notifyInvalid);

  return (
    <FormSection title={t('auth.users.edit.general')} testId="form-general">
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.users.edit.general')}>
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
          <SaveButton pending={save.isPending} />
        </Stack>
      </form>
    </FormSection>
  );
}
