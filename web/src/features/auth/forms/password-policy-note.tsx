import {
  checkPassword,
  checkPasswordBasics,
  PASSWORD_MIN_LENGTH,
  type PasswordContext,
  type PasswordVerdict,
} from '@extranet/contract';
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing pauses this long before the dictionaries are asked. */
const CHECK_DELAY_MS = 150;

/** What the new password input shows under itself: PasswordInput's description slot, after the input. */
export const NEW_PASSWORD_WRAPPER_ORDER: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/**
 * The contract's password policy run as the user types. The length, whitespace and username checks
 * answer at once; zxcvbn-ts and its dictionaries load on the first check, in a chunk of their own,
 * so the login page and every screen without a new password never download them.
 */
export function usePasswordVerdict(
  password: string,
  context: PasswordContext,
): PasswordVerdict | 'checking' | null {
  const { username, fio, email } = context;
  const [result, setResult] = useState<{ password: string; verdict: PasswordVerdict } | null>(null);

  useEffect(() => {
    if (!password || !checkPasswordBasics(password, { username }).ok) return;
    let current = true;
    const timer = window.setTimeout(() => {
      checkPassword(password, { username, fio, email })
        .then((verdict) => {
          if (current) setResult({ password, verdict });
        })
        // The dictionaries failed to load: the server still checks on save.
        .catch(() => undefined);
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [password, username, fio, email]);

  if (!password) return null;
  const basics = checkPasswordBasics(password, { username });
  if (!basics.ok) return basics;
  return result?.password === password ? result.verdict : 'checking';
}

/**
 * The rule a new password must follow, shown before anything is typed, then why the typed one
 * would be refused, in the user's language, or that it is strong enough.
 */
export function PasswordPolicyNote({ password, context }: { password: string; context: PasswordContext }) {
  const { t } = useTranslation();
  return (
    <>
      <Text component="span" size="xs" c="dimmed" display="block" data-testid="password-rule">
        {t('passwordPolicy.rule', { count: PASSWORD_MIN_LENGTH })}
      </Text>
      <PasswordVerdictNote password={password} context={context} />
    </>
  );
}

function PasswordVerdictNote({ password, context }: { password: string; context: PasswordContext }) {
  const { t } = useTranslation();
  const verdict = usePasswordVerdict(password, context);
  if (verdict === null) return null;
  if (verdict === 'checking') {
    return (
      <Text component="span" size="xs" c="dimmed" aria-live="polite" data-testid="password-policy">
        {t('passwordPolicy.checking')}
      </Text>
    );
  }
  if (verdict.ok) {
    return (
      <Text component="span" size="xs" c="teal.9" aria-live="polite" data-testid="password-policy">
        {t('passwordPolicy.ok')}
      </Text>
    );
  }
  const details = [
    verdict.warning && t(`passwordPolicy.warnings.${verdict.warning}`, { defaultValue: '' }),
    ...(verdict.suggestions ?? []).map((key) => t(`passwordPolicy.suggestions.${key}`, { defaultValue: '' })),
  ].filter(Boolean);
  return (
    <Text component="span" size="xs" c="red.9" aria-live="polite" data-testid="password-policy">
      <Text component="span" size="xs" fw={600} display="block">
        {t(`errorReasons.password_too_soft.${verdict.reason}`, { count: PASSWORD_MIN_LENGTH })}
      </Text>
      {details.map((line) => (
        <Text component="span" size="xs" display="block" key={line}>
          {line}
        </Text>
      ))}
    </Text>
  );
}
