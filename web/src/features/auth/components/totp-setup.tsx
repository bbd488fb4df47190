import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../shared/ui/form-error';
import { useBeginTotp } from '../api/begin-totp';
import { useConfirmTotp } from '../api/confirm-totp';

/**
 * Turning the second factor on: the QR code and the secret to type into an authenticator app,
 * confirmed by one code and the user's password (a session alone must not turn it on); then the
 * ten recovery codes, shown this once.
 */
export function TotpSetup({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const begin = useBeginTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [isIncomplete, setIncomplete] = useState(false);
  const required = (value: string) => (isIncomplete && !value.trim() ? t('validation.required') : undefined);
  const { mutate: start } = begin;

  useEffect(() => start(), [start]);

  if (confirm.data) {
    const codes = confirm.data.recovery_codes;
    return (
      <Stack gap="sm">
        <Alert color="green" variant="light" role="status">
          {t('auth.security.turnedOn')}
        </Alert>
        <Text size="sm">{t('auth.security.recoveryIntro')}</Text>
        <List data-testid="recovery-codes" listStyleType="none" ff="monospace" spacing={2}>
          {codes.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Group>
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('auth.security.copied') : t('auth.security.copyCodes')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>{t('auth.security.savedCodes')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <FormError error={begin.error} />
      <Text size="sm">{t('auth.security.scanIntro')}</Text>
      {begin.data && (
        <>
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(begin.data.qr_svg)}`}
            alt={t('auth.security.qrAlt')}
            w={200}
            h={200}
          />
          <Text size="sm">
            {t('auth.security.secretIntro')} <Code data-testid="totp-secret">{begin.data.secret}</Code>
          </Text>
        </>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!code.trim() || !password) setIncomplete(true);
          else confirm.mutate({ code: code.trim(), password });
        }}
      >
        <Stack gap="sm">
          <FormError error={confirm.error} />
          <TextInput
            label={t('auth.security.firstCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={required(code)}
            withAsterisk
            aria-required
          />
          <PasswordInput
            label={t('auth.security.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={required(password)}
            withAsterisk
            aria-required
          />
          <Group>
            <Button type="submit" loading={confirm.isPending} disabled={!begin.data}>
              {t('auth.security.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
