import { useTranslation } from 'react-i18next';
import { SecretShown } from '../../../shared/ui/secret-shown';

/** An endpoint's signing secret, shown this one time to copy; nothing keeps it after. */
export function EndpointSecretShown({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretShown
      secret={secret}
      warning={t('webhooks.secret.once')}
      usage={t('webhooks.secret.usage')}
      copyLabel={t('webhooks.secret.copy')}
      testId="webhook-secret"
      onDone={onDone}
    />
  );
}
