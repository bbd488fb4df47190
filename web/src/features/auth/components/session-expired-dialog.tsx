import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api';
import {
  reauth,
  SESSION_QUERY_KEY,
  sessionToken,
  useSessionExpired,
  useSessionState,
} from '../../../shared/session';
import { FormError } from '../../../shared/ui/form-error';
import { login } from '../api/login';
import { usePasswordToggleProps } from '../forms/password-toggle';
import { SsoButton, ssoSettings } from './sso-sign-in';

/** Refusals after which the code of the authenticator app is asked for (as on the login page). */
const CODE_STEPS = ['second_factor_required', 'second_factor_invalid', 'too_many_login_failures'];

/**
 * Over the page, when the session has ended while the user works: the same user signs in again
 * with the password (and the second factor, if theirs), and the calls that were refused are made
 * again (shared/session/reauth.ts). The page under it stays as it is, with everything typed.
 * Signing out instead goes to the login page. Where single sign-on is set up, the provider is
 * offered too, and is the only way back for a user whose company requires it (sso_required).
 */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const expired = useSessionExpired();
  const { session } = useSessionState();
  const toggle = usePasswordToggleProps();
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => reauth.registerPrompt(), []);
  useEffect(() => {
    if (expired) return;
    setPassword('');
    setOtp(null);
    setError(null);
  }, [expired]);

  if (!session) return null;
  const username = session.username;
  const sso = ssoSettings();
  const ssoOnly = sso !== undefined && errorCodeOf(error) === 'sso_required';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !password) return;
    setBusy(true);
    setError(null);
    try {
      const renewed = await login({ username, password, ...(otp ? { otp } : {}) });
      // The cached session must match the new code first, or the cache (the page) would be dropped.
      queryClient.setQueryData(SESSION_QUERY_KEY, renewed);
      sessionToken.set(renewed.session_code);
      reauth.renewed();
    } catch (refusal) {
      const code = errorCodeOf(refusal);
      if (CODE_STEPS.includes(code)) setOtp('');
      if (code !== 'second_factor_required') setError(refusal);
      if (!CODE_STEPS.includes(code) || code === 'too_many_login_failures') setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={expired}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('sessionExpiry.title')}
      centered
      zIndex={400}
      data-testid="session-expired-dialog"
    >
      <form onSubmit={submit} noValidate aria-label={t('sessionExpiry.title')}>
        <Stack gap="md">
          <Text size="sm">{t('sessionExpiry.text', { username })}</Text>
          <FormError error={error} />
          {/* For password managers: whose password this is. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          {!ssoOnly && (
            <PasswordInput
              {...toggle}
              label={t('auth.login.password')}
              autoComplete="current-password"
              withAsterisk
              aria-required
              data-autofocus
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          )}
          {otp !== null && !ssoOnly && (
            <TextInput
              label={t('sessionExpiry.code')}
              autoComplete="one-time-code"
              value={otp}
              onChange={(event) => setOtp(event.currentTarget.value)}
            />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => reauth.giveUp()} disabled={busy}>
              {t('sessionExpiry.signOut')}
            </Button>
            {!ssoOnly && (
              <Button type="submit" loading={busy} disabled={!password}>
                {t('sessionExpiry.submit')}
              </Button>
            )}
          </Group>
          {sso && <SsoButton settings={sso} />}
        </Stack>
      </form>
    </Modal>
  );
}
