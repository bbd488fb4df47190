import { auth } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldError, requiredText } from '../../../shared/forms';
import { useLogin } from '../api/login';
import { FormError } from '../components/form-error';
import { usePasswordToggleProps } from '../forms/password-toggle';

const LoginForm = auth.LoginRequest.extend({
  username: requiredText({ max: 64 }),
  password: requiredText({ max: 256, trim: false }),
});
type LoginForm = z.infer<typeof LoginForm>;

/** SPEC.md §2 Login: on failure the password is cleared and the server's message shown. */
export function LoginPage() {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const toggle = usePasswordToggleProps();
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(LoginForm),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (loginMutation.isPending) return;
    loginMutation.mutate(values, {
      onError: () => {
        setValue('password', '');
        setFocus('password');
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3" id="login-title">
            {t('auth.login.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('auth.login.subtitle')}
          </Text>
        </div>
        <FormError error={loginMutation.error} />
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
        <Button type="submit" fullWidth loading={loginMutation.isPending} disabled={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          {t('auth.login.help')}
        </Text>
      </Stack>
    </form>
  );
}
