import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { authKeys } from './keys';

export function endSession(input: CallRequest<typeof auth.endSession>) {
  return callApi(auth.endSession, input);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
