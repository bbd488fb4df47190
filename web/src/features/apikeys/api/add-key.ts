import { apikeys } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { API_KEYS_KEY } from './keys';

export function addKey(input: apikeys.AddKeyRequest) {
  return callApi(apikeys.addKey, input);
}

/** Makes a key; its secret is in the answer only, never in a cached query. */
export function useAddKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addKey,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
    },
  });
}
