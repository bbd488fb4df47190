import { apikeys } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { API_KEYS_KEY } from './keys';

export function revokeKey(keyId: number) {
  return callApi(apikeys.revokeKey, { key_id: keyId });
}

export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeKey,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
    },
  });
}
