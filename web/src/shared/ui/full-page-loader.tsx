import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './use-document-title';

export function FullPageLoader() {
  const { t } = useTranslation();
  useDocumentTitle([]);
  return (
    <Center mih="60vh">
      <Loader aria-label={t('layout.loading')} role="progressbar" />
    </Center>
  );
}
