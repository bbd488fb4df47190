/** Every slots query lives under SLOTS_KEY: a booking or a schedule change refreshes them all. */
export const SLOTS_KEY = ['slots'] as const;

export const slotKeys = {
  list: (locationId: number, from: string, to: string) => ['slots', 'list', locationId, from, to] as const,
  schedule: (locationId: number) => ['slots', 'schedule', locationId] as const,
};
