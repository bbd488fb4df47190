import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getViewCompanyQueryOptions } from '../api/view-company';

/** A breadcrumb naming a company once its page has loaded it (reads the page's cached query only). */
export function CompanyCrumb({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const company = useQuery({ ...getViewCompanyQueryOptions(companyId), enabled: false });
  return company.data?.name ?? t('companies.breadcrumbs.view');
}
