import type { reports } from '@extranet/contract';

/** Every reports query lives under REPORTS_KEY: a change refreshes the list and the views together. */
export const REPORTS_KEY = ['reports'] as const;

export const reportsKeys = {
  list: (request: reports.ListReportsRequest) => [...REPORTS_KEY, 'list', request] as const,
  one: (reportId: number) => [...REPORTS_KEY, 'one', reportId] as const,
};
