import type { orders } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { type OrderKind, orderCalls, orderKeys } from './keys';

export type EditOrderFields<K extends OrderKind = OrderKind> = K extends 'purch'
  ? orders.EditPurchOrderFields
  : orders.EditSalesOrderFields;

export function editOrder<K extends OrderKind>(kind: K, headId: number, fields: EditOrderFields<K>) {
  return callApi(orderCalls(kind).editOrder, {
    head_id: headId,
    fields: fields as orders.EditPurchOrderFields,
  });
}

/** Saves the header and lines of a draft or template; its view and the lists reload. */
export function useEditOrder<K extends OrderKind>(kind: K, headId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: EditOrderFields<K>) => editOrder(kind, headId, fields),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.kind(kind) });
    },
  });
}
