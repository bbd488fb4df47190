import { companies } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';

export function getSetupSteps(options?: CallOptions) {
  return callApi(companies.getSetupSteps, {}, options);
}

export function getSetupStepsQueryOptions() {
  return queryOptions({
    queryKey: ['companies', 'setup-steps'] as const,
    queryFn: ({ signal }) => getSetupSteps({ signal }),
  });
}

/** Role 99's getting-started steps; others never ask (the server would refuse them). */
export function useSetupSteps(enabled: boolean) {
  return useQuery({ ...getSetupStepsQueryOptions(), enabled });
}
