import { views } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { VIEWS_KEY } from './keys';

export function saveView(request: views.SaveViewRequest) {
  return callApi(views.saveView, request);
}

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIEWS_KEY }),
  });
}
