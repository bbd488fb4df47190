import { auth, type CallRequest } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { USERS_KEY } from './keys';

export function changeNotificationsSelf(input: CallRequest<typeof auth.changeNotificationsSelf>) {
  return callApi(auth.changeNotificationsSelf, input);
}

/** Saves one's own email summary rate and notification types. */
export function useChangeNotificationsSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeNotificationsSelf,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
