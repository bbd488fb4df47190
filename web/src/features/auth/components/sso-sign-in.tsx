import { isErrorCode } from '@extranet/contract';
import { Button, Divider, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCodeOf } from '../../../shared/api/api-error';
import { fetchedPageConfig } from '../../../shared/api/page-config-file';
import { FormError } from '../../../shared/ui/form-error';
import { useSsoExchange } from '../api/use-sso-exchange';

/** The provider's name when single sign-on is set up (config.json SSO_DISPLAY_NAME). */
export function ssoSettings(): { name: string; startUrl: string } | undefined {
  let config: { SSO_DISPLAY_NAME?: unknown; apiBaseUrl?: unknown };
  try {
    config = (fetchedPageConfig() ?? {}) as typeof config;
  } catch {
    // Not fetched (a page rendered without config.json): no provider to offer.
    return undefined;
  }
  if (typeof config.SSO_DISPLAY_NAME !== 'string') return undefined;
  const base = typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl : '/api';
  return { name: config.SSO_DISPLAY_NAME, startUrl: `${base}/auth/sso/start` };
}

/**
 * What the sign-in callback left in the address's fragment (the one-time code or a refusal's
 * code), read once and taken out of the address at once, so it is neither kept in the history
 * nor shown again on a reload.
 */
function takeCallbackFragment(): { code?: string; error?: string } {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const code = params.get('sso') ?? undefined;
  const error = params.get('sso_error') ?? undefined;
  if (code || error) window.history.replaceState(window.history.state, '', window.location.pathname);
  return { code, error };
}

/**
 * Single sign-on on the sign-in page: the "Sign in with …" button, and the return from the
 * provider, whose one-time code is exchanged for a session (with the authenticator code when the
 * provider did no second factor and the user has one).
 */
export function SsoSignIn() {
  const { t } = useTranslation();
  const settings = ssoSettings();
  const exchange = useSsoExchange();
  const [code, setCode] = useState<string>();
  const [refusal, setRefusal] = useState<ApiError>();
  const [otp, setOtp] = useState('');
  const taken = useRef(false);

  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const back = takeCallbackFragment();
    if (back.error) setRefusal(new ApiError(isErrorCode(back.error) ? back.error : 'sso_failed'));
    if (back.code) {
      setCode(back.code);
      exchange.mutate({ code: back.code });
    }
  }, [exchange]);

  const otpAsked =
    code !== undefined &&
    ['second_factor_required', 'second_factor_invalid'].includes(errorCodeOf(exchange.error));
  if (!settings && !code && !refusal) return null;
  return (
    <Stack gap="md">
      <FormError error={exchange.error && !otpAsked ? exchange.error : refusal} />
      {otpAsked && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (code && otp.trim()) exchange.mutate({ code, otp: otp.trim() });
          }}
        >
          <Stack gap="sm">
            {errorCodeOf(exchange.error) === 'second_factor_invalid' && <FormError error={exchange.error} />}
            <TextInput
              label={t('auth.login.code')}
              description={t('auth.login.ssoCodeIntro')}
              autoComplete="one-time-code"
              autoFocus
              value={otp}
              onChange={(event) => setOtp(event.currentTarget.value)}
            />
            <Button type="submit" loading={exchange.isPending}>
              {t('auth.login.ssoContinue')}
            </Button>
          </Stack>
        </form>
      )}
      {settings && <SsoButton settings={settings} />}
    </Stack>
  );
}

/** "Sign in with …": to the provider, which comes back to the sign-in page. */
export function SsoButton({ settings }: { settings: { name: string; startUrl: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider label={t('auth.login.or')} labelPosition="center" />
      <Button component="a" href={settings.startUrl} variant="default" fullWidth>
        {t('auth.login.ssoButton', { name: settings.name })}
      </Button>
    </>
  );
}
