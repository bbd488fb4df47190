import { type CallRequest, reports } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { REPORTS_KEY } from './keys';

export function editReport(input: CallRequest<typeof reports.editReport>) {
  return callApi(reports.editReport, input);
}

export function useEditReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editReport,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
}
