import { callApi } from '../../../shared/api';
import { type OrderKind, orderCalls } from './keys';
import { useProgressMutation } from './use-progress-mutation';

export function setReady(kind: OrderKind, headId: number) {
  return callApi(orderCalls(kind).setReady, { head_id: headId });
}

/** Moves a draft without errors to ready. */
export function useSetReady(kind: OrderKind) {
  return useProgressMutation(kind, (headId: number) => setReady(kind, headId));
}
