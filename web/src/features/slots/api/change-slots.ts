import { type CallRequest, slots } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { orderKindKey } from '../../../shared/api/query-keys';
import { SLOTS_KEY } from './keys';

type Kind = 'purch' | 'sales';

/** A change of slots that refreshes every slots query after it, and the order's views and lists. */
function useSlotsMutation<I, O>(mutationFn: (input: I) => Promise<O>, kind?: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SLOTS_KEY }),
        kind ? queryClient.invalidateQueries({ queryKey: orderKindKey(kind) }) : undefined,
      ]);
    },
  });
}

/** Books the order's truck into a slot, or moves its booking there. */
export const useBookSlot = (kind: Kind) =>
  useSlotsMutation(
    (input: { headId: number; slotId: number }) =>
      callApi(slots.bookSlot, { kind, head_id: input.headId, slot_id: input.slotId }),
    kind,
  );

export const useCancelBooking = (kind: Kind) =>
  useSlotsMutation((bookingId: number) => callApi(slots.cancelBooking, { booking_id: bookingId }), kind);

export const useSetSchedule = () =>
  useSlotsMutation((input: CallRequest<typeof slots.setSchedule>) => callApi(slots.setSchedule, input));

export const useCloseWindow = () =>
  useSlotsMutation((input: CallRequest<typeof slots.closeWindow>) => callApi(slots.closeWindow, input));
