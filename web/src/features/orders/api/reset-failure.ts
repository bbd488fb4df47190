import { callApi } from '../../../shared/api';
import { type OrderKind, orderCalls } from './keys';
import { useProgressMutation } from './use-progress-mutation';

export function resetFailure(kind: OrderKind, headId: number) {
  return callApi(orderCalls(kind).resetFailure, { head_id: headId });
}

/** Clears one order's failure: it is ready to be sent again. */
export function useResetFailure(kind: OrderKind) {
  return useProgressMutation(kind, (headId: number) => resetFailure(kind, headId));
}
