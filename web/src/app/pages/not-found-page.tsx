import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/ui/use-document-title';

export function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle([t('layout.notFound.title')]);
  return (
    <Stack gap="sm" align="flex-start" data-testid="not-found">
      <Text fz={48} fw={700} c="dimmed" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        {t('layout.notFound.title')}
      </Title>
      <Text c="dimmed">{t('layout.notFound.text')}</Text>
      <Button component={Link} to={signedIn ? '/' : '/login'} variant="light" mt="sm">
        {signedIn ? t('layout.notFound.home') : t('layout.notFound.login')}
      </Button>
    </Stack>
  );
}
