import { slots } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { slotKeys } from './keys';

export function getScheduleQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: slotKeys.schedule(locationId),
    queryFn: ({ signal }) => callApi(slots.getSchedule, { location_id: locationId }, { signal }),
  });
}

/** A location's weekly schedule and the closures to come. */
export function useSchedule(locationId: number | null) {
  return useQuery({ ...getScheduleQueryOptions(locationId ?? 0), enabled: locationId !== null });
}
