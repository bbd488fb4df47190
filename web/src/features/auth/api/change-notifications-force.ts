import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function changeNotificationsForce(input: CallRequest<typeof auth.changeNotificationsForce>) {
  return callApi(auth.changeNotificationsForce, input);
}

/** Saves another user's email summary rate and notification types. */
export function useChangeNotificationsForce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeNotificationsForce,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
