import { Alert, Button, Center, MantineProvider, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { baseTheme, cssVariablesResolver } from './theme-base';

function BootFailureMessage() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack maw={480} w="100%">
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={t('layout.unavailable.title')}
          role="alert"
        >
          {t('errors.server_unavailable')}
        </Alert>
        <Button variant="light" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Shown when /config.json cannot be loaded, so nothing else can start. */
export function BootFailure() {
  return (
    <MantineProvider theme={baseTheme} cssVariablesResolver={cssVariablesResolver}>
      <BootFailureMessage />
    </MantineProvider>
  );
}
