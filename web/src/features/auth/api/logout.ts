import { auth } from '@extranet/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { clearAllDrafts } from '../../../shared/forms';
import { endSession } from '../../../shared/session';

export async function logout(): Promise<void> {
  // A session that is already over needs no renewal to be ended.
  await callApi(auth.logout, {}, { renewSession: false });
}

/** Ends the session on the server and here; here even when the server cannot be reached. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // What was typed stays with its user: the next one in this tab finds no drafts.
      clearAllDrafts();
      endSession();
    },
  });
}
