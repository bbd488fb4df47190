import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '../../shared/ui/use-document-title';

/** A screen that threw while rendering or loading (for example a page chunk after a new release). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  useDocumentTitle([t('layout.routeError.title')]);
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Stack maw={560} p="md" gap="md">
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden />}
        title={t('layout.routeError.title')}
        role="alert"
      >
        {t('layout.routeError.text')}
      </Alert>
      <Button variant="light" onClick={() => window.location.reload()} w="fit-content">
        {t('layout.routeError.reload')}
      </Button>
    </Stack>
  );
}
