import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle } from '../../shared/ui/use-document-title';

/** The stored session could not be checked because the server did not answer. */
export function SessionUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle([t('layout.unavailable.title')]);
  return (
    <Center mih="60vh" p="md">
      <Stack maw={480} w="100%">
        <Alert color="red" icon={<IconAlertCircle />} title={t('layout.unavailable.title')} role="alert">
          {errorMessage(t, error)}
        </Alert>
        <Button onClick={onRetry} variant="light">
          {t('common.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
