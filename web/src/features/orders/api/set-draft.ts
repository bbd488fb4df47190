import { callApi } from '../../../shared/api';
import { type OrderKind, orderCalls } from './keys';
import { useProgressMutation } from './use-progress-mutation';

export function setDraft(kind: OrderKind, headId: number) {
  return callApi(orderCalls(kind).setDraft, { head_id: headId });
}

/** Moves a ready order back to draft ('Undo Ready'). */
export function useSetDraft(kind: OrderKind) {
  return useProgressMutation(kind, (headId: number) => setDraft(kind, headId));
}
