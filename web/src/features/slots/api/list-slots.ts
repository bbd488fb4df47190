import { slots } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { slotKeys } from './keys';

export function getListSlotsQueryOptions(locationId: number, from: string, to: string) {
  return queryOptions({
    queryKey: slotKeys.list(locationId, from, to),
    queryFn: ({ signal }) =>
      callApi(
        slots.listSlots,
        { filters: { location_id: locationId, date_from: from, date_to: to } },
        { signal },
      ),
  });
}

/** A location's slots of the days from..to (both included), with free capacity. */
export function useListSlots(locationId: number | null, from: string, to: string) {
  return useQuery({ ...getListSlotsQueryOptions(locationId ?? 0, from, to), enabled: locationId !== null });
}
