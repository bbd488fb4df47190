import { reports } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { REPORTS_KEY, reportsKeys } from './keys';

export function deleteReport(reportId: number) {
  return callApi(reports.deleteReport, { report_id: reportId });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: async (_result, reportId) => {
      queryClient.removeQueries({ queryKey: reportsKeys.one(reportId) });
      await queryClient.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
}
