import type { orders } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { DISCUSSIONS_KEY } from '../../../shared/api/query-keys';
import { type OrderKind, orderCalls, orderKeys } from './keys';

/** The calls on many orders (issue 34), named as the web's actions. */
export const MANY_ORDER_ACTIONS = ['setReady', 'setDraft', 'delete'] as const;
export type ManyOrderAction = (typeof MANY_ORDER_ACTIONS)[number];

const CALL = { setReady: 'setReadyMany', setDraft: 'setDraftMany', delete: 'deleteMany' } as const;

export function actOnMany(kind: OrderKind, action: ManyOrderAction, headIds: readonly number[]) {
  return callApi(orderCalls(kind)[CALL[action]], {
    head_ids: [...headIds],
  }) as Promise<orders.ManyOrdersResponse>;
}

/**
 * Sets ready, back to draft or deletes each selected order on its own. Afterwards the lists, the
 * orders, their discussions (system comments) and the dashboard's counts reload.
 */
export function useActOnMany(kind: OrderKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, headIds }: { action: ManyOrderAction; headIds: readonly number[] }) =>
      actOnMany(kind, action, headIds),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.kind(kind) }),
        queryClient.invalidateQueries({ queryKey: DISCUSSIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['graphs'] }),
      ]);
    },
  });
}
