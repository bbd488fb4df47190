import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/ui/page-title';

/** A section that is announced but not open yet. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  return <PageTitle title={t('layout.placeholder.title')} description={t('layout.placeholder.text')} />;
}
