import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { type OrderKind, orderCalls, orderKeys } from './keys';

export function excludeOrder(kind: OrderKind, headId: number) {
  return callApi(orderCalls(kind).exclude, { head_id: headId });
}

/** Deletes a draft or template; it leaves the lists at once. */
export function useExcludeOrder(kind: OrderKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (headId: number) => excludeOrder(kind, headId),
    onSuccess: async (_result, headId) => {
      queryClient.removeQueries({ queryKey: orderKeys.view(kind, headId) });
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(kind) });
    },
  });
}
