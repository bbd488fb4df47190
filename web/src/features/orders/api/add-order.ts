import type { orders } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { type OrderKind, orderCalls, orderKeys } from './keys';

export function addOrder(kind: OrderKind, fields: orders.AddOrderFields) {
  return callApi(orderCalls(kind).addOrder, { fields });
}

/** Creates an order (or a template, or a copy); the lists show it at once. */
export function useAddOrder(kind: OrderKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: orders.AddOrderFields) => addOrder(kind, fields),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(kind) });
    },
  });
}
