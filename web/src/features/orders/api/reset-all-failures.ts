import { callApi } from '../../../shared/api';
import { type OrderKind, orderCalls } from './keys';
import { useProgressMutation } from './use-progress-mutation';

export function resetAllFailures(kind: OrderKind) {
  return callApi(orderCalls(kind).resetAllFailures, {});
}

/** Clears the failure of every failed order of the kind the user can see. */
export function useResetAllFailures(kind: OrderKind) {
  return useProgressMutation(kind, () => resetAllFailures(kind));
}
