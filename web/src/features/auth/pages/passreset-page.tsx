import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError, MESSAGES, requiredText } from '../../../shared/forms';
import { useSessionState } from '../../../shared/session';
import { FormError } from '../../../shared/ui/form-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useChangePasswordSelf } from '../api/change-password-self';
import { useLogout } from '../api/logout';
import { NewPasswordInputs } from '../forms/new-password-inputs';
import { usePasswordToggleProps } from '../forms/password-toggle';

// The form says current/password/confirm; the call says password_old/password_new/password_conf.
const PassresetForm = z
  .object({
    current: requiredText({ trim: false }),
    password: requiredText({ trim: false }),
    confirm: requiredText({ trim: false }),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: MESSAGES.passwordsIdentical,
  });
type PassresetForm = z.infer<typeof PassresetForm>;

const EMPTY: PassresetForm = { current: '', password: '', confirm: '' };

/** SPEC.md §2 passreset: the forced password change of a limited session; on failure all three are cleared. */
export function PassresetPage() {
  const { t } = useTranslation();
  useDocumentTitle([t('auth.passreset.title')]);
  const change = useChangePasswordSelf({ onChanged: () => notifySuccess(t('auth.passreset.success')) });
  const toggle = usePasswordToggleProps();
  const logout = useLogout();
  const { session } = useSessionState();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<PassresetForm>({ resolver: zodResolver(PassresetForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) => {
    if (change.isPending) return;
    change.mutate(
      { password_old: values.current, password_new: values.password, password_conf: values.confirm },
      {
        onError: () => {
          reset(EMPTY);
          setFocus('current');
        },
      },
    );
  });

  const busy = change.isPending || logout.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="passreset-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3" id="passreset-title">
            {t('auth.passreset.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('auth.passreset.intro')}
          </Text>
        </div>
        <FormError error={change.error} />
        <PasswordInput
          {...toggle}
          label={t('auth.passreset.current')}
          autoComplete="current-password"
          withAsterisk
          aria-required
          autoFocus
          error={fieldError(t, errors.current)}
          {...register('current')}
        />
        <NewPasswordInputs
          labels={{ password: t('auth.passreset.new'), confirm: t('auth.passreset.confirm') }}
          password={watch('password')}
          context={session ?? {}}
          field={register('password', { deps: ['confirm'] })}
          confirmField={register('confirm')}
          error={errors.password}
          confirmError={errors.confirm}
        />
        <Button type="submit" fullWidth loading={change.isPending} disabled={busy}>
          {t('auth.passreset.submit')}
        </Button>
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={() => logout.mutate()} disabled={busy}>
            {t('auth.passreset.logout')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
