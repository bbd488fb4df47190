/**
 * Query keys that more than one feature invalidates. A feature's own keys stay in its `api/keys.ts`,
 * built on these.
 */

/** Every discussions query lives under DISCUSSIONS_KEY: a new comment, or an order's move that
 * writes a system comment, refreshes lists and threads. */
export const DISCUSSIONS_KEY = ['discussions'] as const;

/** Every query about orders of one kind (lists, views) lives under this key: a booking made on the
 * slots screens refreshes the order it is for. */
export const orderKindKey = (kind: 'purch' | 'sales') => ['orders', kind] as const;
