import type { CallResponse, companies } from '@extranet/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { companiesKeys } from '../api/keys';

/**
 * A breadcrumb naming a company once its page has loaded it: reads the page's cached query only,
 * by its key (the route table loads with the frame; the call and its schemas come with the page).
 */
export function CompanyCrumb({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const company = useQuery<CallResponse<typeof companies.viewCompany>>({
    queryKey: companiesKeys.one(companyId),
    queryFn: skipToken,
  });
  return company.data?.name ?? t('companies.breadcrumbs.view');
}
