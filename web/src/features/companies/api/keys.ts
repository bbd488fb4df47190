import type { companies } from '@extranet/contract';

/** Every companies query lives under COMPANIES_KEY: a change refreshes the list and the pages together. */
export const COMPANIES_KEY = ['companies'] as const;

export const companiesKeys = {
  list: (request: companies.ListCompaniesRequest) => [...COMPANIES_KEY, 'list', request] as const,
  one: (companyId: number) => [...COMPANIES_KEY, 'one', companyId] as const,
  users: (companyId: number, page: number) => [...COMPANIES_KEY, 'users', companyId, page] as const,
  reports: (companyId: number) => [...COMPANIES_KEY, 'reports', companyId] as const,
};
