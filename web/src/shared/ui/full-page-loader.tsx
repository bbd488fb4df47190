import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Loader aria-label={t('layout.loading')} role="progressbar" />
    </Center>
  );
}
