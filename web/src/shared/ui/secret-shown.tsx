import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A secret (an API key, a webhook's signing secret) shown this one time to copy: nothing keeps
 * it after. `warning` says so, `usage` how it is used, `copyLabel` names the copy button.
 */
export function SecretShown({
  secret,
  warning,
  usage,
  copyLabel,
  testId,
  onDone,
}: {
  secret: string;
  warning: string;
  usage: string;
  copyLabel: string;
  testId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {warning}
      </Alert>
      <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      <Text size="sm" c="dimmed">
        {usage}
      </Text>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('common.copied') : copyLabel}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('common.done')}</Button>
      </Group>
    </Stack>
  );
}
