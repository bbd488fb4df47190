import { type CallRequest, sku } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { SKU_KEY } from './keys';

export function saveSku(input: CallRequest<typeof sku.saveSku>) {
  return callApi(sku.saveSku, input);
}

/** Saves a SKU's storage and general data and packaging lines; every SKU query reloads. */
export function useSaveSku() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSku,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SKU_KEY });
    },
  });
}
