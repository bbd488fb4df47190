import { auth } from '@extranet/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { endSession } from '../../../shared/session';

export async function logout(): Promise<void> {
  await callApi(auth.logout);
}

/** Ends the session on the server and here; here even when the server cannot be reached. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: () => endSession(),
  });
}
