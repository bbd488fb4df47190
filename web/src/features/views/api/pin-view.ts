import { views } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { VIEWS_KEY } from './keys';

export function pinView(request: { view_id: number; pinned: boolean }) {
  return callApi(views.pinView, request);
}

export function usePinView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pinView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIEWS_KEY }),
  });
}
