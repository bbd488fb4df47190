import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An endpoint's signing secret, shown this one time to copy; nothing keeps it after. */
export function SecretShown({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {t('webhooks.secret.once')}
      </Alert>
      <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      <Text size="sm" c="dimmed">
        {t('webhooks.secret.usage')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('webhooks.secret.done')}</Button>
      </Group>
    </Stack>
  );
}
