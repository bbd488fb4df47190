import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DISCUSSIONS_KEY } from '../../../shared/api/query-keys';
import { type OrderKind, orderKeys } from './keys';

/**
 * A mutation that moves an order's progress. Afterwards the order and its discussion (which got a
 * system comment) reload (SPEC.md §4), and so do the lists and the dashboard's counts.
 */
export function useProgressMutation<I>(kind: OrderKind, mutationFn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.kind(kind) }),
        queryClient.invalidateQueries({ queryKey: DISCUSSIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['graphs'] }),
      ]);
    },
  });
}
