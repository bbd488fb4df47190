import { auth, type CallRequest, companies } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { COMPANIES_KEY } from './keys';

/** A mutation of a company that refreshes every companies query after it. */
function useCompanyMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
    },
  });
}

export const useAddCompany = () =>
  useCompanyMutation((input: CallRequest<typeof companies.addCompany>) =>
    callApi(companies.addCompany, input),
  );

export const useEditCompany = () =>
  useCompanyMutation((input: CallRequest<typeof companies.editCompany>) =>
    callApi(companies.editCompany, input),
  );

/** Deactivates or activates a company. */
export const useSetCompanyActive = () =>
  useCompanyMutation(({ companyId, active }: { companyId: number; active: boolean }) =>
    callApi(active ? companies.enableCompany : companies.disableCompany, { company_id: companyId }),
  );

export const useSetCompanySecondFactor = () =>
  useCompanyMutation((input: CallRequest<typeof auth.setCompanySecondFactor>) =>
    callApi(auth.setCompanySecondFactor, input),
  );

export const useSetCompanySso = () =>
  useCompanyMutation((input: CallRequest<typeof auth.setCompanySso>) => callApi(auth.setCompanySso, input));

/** Previews (dry_run) or applies uploaded master data. */
export const useImportMasterData = () =>
  useCompanyMutation((input: CallRequest<typeof companies.importMasterData>) =>
    callApi(companies.importMasterData, input),
  );
