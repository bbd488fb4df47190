import { auth } from '@extranet/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';

export function beginTotp() {
  return callApi(auth.beginTotp, {});
}

/** A new secret and its QR code; nothing changes until a first code confirms it. */
export function useBeginTotp() {
  return useMutation({ mutationFn: beginTotp });
}
