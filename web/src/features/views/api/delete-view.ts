import { views } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { VIEWS_KEY } from './keys';

export function deleteView(viewId: number) {
  return callApi(views.deleteView, { view_id: viewId });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIEWS_KEY }),
  });
}
