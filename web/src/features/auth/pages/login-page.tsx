import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
// Not through the folders' index modules: those bring the contract's schemas (zod), which this
// page, the first a visitor loads, fetches only once they start typing (use-login.ts).
import { errorCodeOf } from '../../../shared/api/api-error';
import { fieldError } from '../../../shared/forms/field-error';
import { FormError } from '../../../shared/ui/form-error';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { loadLoginCall, useLogin } from '../api/use-login';
import { SsoSignIn } from '../components/sso-sign-in';
import type { LoginForm } from '../forms/login-form';
import { usePasswordToggleProps } from '../forms/password-toggle';

/** The form's checks (the contract's schema), loaded with the sign-in call. */
const loginResolver: Resolver<LoginForm> = async (...args) =>
  (await loadLoginCall())[1].loginFormResolver(...args);

/**
 * When the sign-in asks for the code of the authenticator app: after second_factor_required and
 * second_factor_invalid, and after too_many_login_failures, since a user with a second factor
 * signs in through a lock with their code.
 */
const CODE_STEPS = ['second_factor_required', 'second_factor_invalid', 'too_many_login_failures'];

/** SPEC.md §2 Login: on failure the password is cleared and the server's message shown. */
export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle([t('auth.login.title')]);
  const loginMutation = useLogin();
  const toggle = usePasswordToggleProps();
  const [codeStep, setCodeStep] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '', otp: '' },
  });

  const onSubmit = handleSubmit(({ otp, ...values }) => {
    if (loginMutation.isPending) return;
    loginMutation.mutate(codeStep && otp ? { ...values, otp } : values, {
      onError: (error) => {
        // The password stays while only the code is asked for; any other refusal clears it.
        if (CODE_STEPS.includes(errorCodeOf(error))) {
          setCodeStep(true);
          setValue('otp', '');
          setTimeout(() => setFocus('otp'));
          if (errorCodeOf(error) !== 'too_many_login_failures') return;
        }
        setValue('password', '');
        setFocus('password');
      },
    });
  });
  const codeAsked = codeStep && errorCodeOf(loginMutation.error) !== 'too_many_login_failures';

  return (
    <Stack gap="md">
      <form
        onSubmit={onSubmit}
        onInputCapture={() => void loadLoginCall()}
        noValidate
        aria-labelledby="login-title"
      >
        <Stack gap="md">
          <div>
            <Title order={1} size="h3" id="login-title">
              {t('auth.login.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('auth.login.subtitle')}
            </Text>
          </div>
          {codeAsked && errorCodeOf(loginMutation.error) === 'second_factor_required' ? (
            <Alert color="blue" variant="light" role="status">
              {t('auth.login.codeIntro')}
            </Alert>
          ) : (
            <FormError error={loginMutation.error} />
          )}
          <TextInput
            label={t('auth.login.username')}
            autoComplete="username"
            withAsterisk
            aria-required
            autoFocus
            error={fieldError(t, errors.username)}
            {...register('username')}
          />
          <PasswordInput
            {...toggle}
            label={t('auth.login.password')}
            autoComplete="current-password"
            withAsterisk
            aria-required
            error={fieldError(t, errors.password)}
            {...register('password')}
          />
          {codeStep && (
            <Stack gap={4}>
              <TextInput
                label={recovery ? t('auth.login.recoveryCode') : t('auth.login.code')}
                description={codeAsked ? undefined : t('auth.login.codeThroughLock')}
                autoComplete="one-time-code"
                inputMode={recovery ? 'text' : 'numeric'}
                withAsterisk={codeAsked}
                aria-required={codeAsked}
                {...register('otp')}
              />
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="left"
                onClick={() => setRecovery(!recovery)}
              >
                {recovery ? t('auth.login.useAppCode') : t('auth.login.useRecoveryCode')}
              </Anchor>
            </Stack>
          )}
          <Button
            type="submit"
            fullWidth
            loading={loginMutation.isPending}
            disabled={loginMutation.isPending}
          >
            {t('auth.login.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('auth.login.help')}
          </Text>
        </Stack>
      </form>
      <SsoSignIn />
    </Stack>
  );
}
