import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../../shared/session';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { TotpSetup } from '../components/totp-setup';

/** The company requires a second factor: set it up before the workplace opens. */
export function SecondFactorSetupPage() {
  const { t } = useTranslation();
  useDocumentTitle([t('auth.security.setupTitle')]);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Stack gap="md" aria-labelledby="second-factor-title">
      <div>
        <Title order={1} size="h3" id="second-factor-title">
          {t('auth.security.setupTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('auth.security.setupIntro')}
        </Text>
      </div>
      <TotpSetup onDone={() => navigate(safeRedirectTarget(params.get('redirectTo')), { replace: true })} />
    </Stack>
  );
}
