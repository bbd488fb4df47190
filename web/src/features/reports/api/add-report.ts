import { type CallRequest, reports } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { REPORTS_KEY } from './keys';

export function addReport(input: CallRequest<typeof reports.addReport>) {
  return callApi(reports.addReport, input);
}

export function useAddReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReport,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
}
