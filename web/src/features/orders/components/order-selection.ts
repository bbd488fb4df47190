import { orders } from '@extranet/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ListOrdersRequest } from '../api/keys';

/** The most orders one action takes (contract MAX_MANY_ORDERS): a selection stops there. */
export const MAX_SELECTED = orders.MAX_MANY_ORDERS;

/** What the list keeps of a selected order: enough to act on it, copy it and name it. */
export interface SelectedOrder {
  head_id: number;
  consignee_id: number;
  external_code: string | null;
}

type Selection = ReadonlyMap<number, SelectedOrder>;

const keep = ({ head_id, consignee_id, external_code }: SelectedOrder): SelectedOrder => ({
  head_id,
  consignee_id,
  external_code,
});

/** The selection with these orders added, up to MAX_SELECTED; `capped` when some did not fit. */
export function selectOrders(selection: Selection, rows: readonly SelectedOrder[]) {
  const next = new Map(selection);
  let capped = false;
  for (const row of rows) {
    if (next.has(row.head_id)) continue;
    if (next.size >= MAX_SELECTED) {
      capped = true;
      break;
    }
    next.set(row.head_id, keep(row));
  }
  return { selection: next as Selection, capped };
}

/**
 * The request of "select all matching": the list's own filters and ordering, its first
 * MAX_SELECTED rows, uncounted (the list call's largest page; `more` says whether there were more).
 */
export function matchingRequest(request: ListOrdersRequest): ListOrdersRequest {
  const { cursor: _cursor, ...rest } = request as ListOrdersRequest & { cursor?: string };
  return { ...rest, page: 0, count: MAX_SELECTED, with_total: false } as ListOrdersRequest;
}

/**
 * The orders a user picked in a list, across its pages, until the filters change (`scope`): a
 * selection of other filters' orders would be acted on unseen.
 */
export function useOrderSelection(scope: string) {
  const [selection, setSelection] = useState<Selection>(new Map());
  const [capped, setCapped] = useState(false);
  const [selecting, setSelecting] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scope is the reason to clear.
  useEffect(() => {
    setSelection(new Map());
    setCapped(false);
  }, [scope]);

  const add = useCallback((rows: readonly SelectedOrder[]) => {
    setSelection((current) => {
      const result = selectOrders(current, rows);
      setCapped(result.capped);
      return result.selection;
    });
  }, []);

  return useMemo(
    () => ({
      orders: [...selection.values()],
      size: selection.size,
      capped,
      selecting,
      has: (headId: number) => selection.has(headId),
      /** The page's checkboxes changed: its rows not picked leave, the picked ones join. */
      changePage: (pageRows: readonly SelectedOrder[], picked: readonly SelectedOrder[]) => {
        setSelection((current) => {
          const next = new Map(current);
          for (const row of pageRows) next.delete(row.head_id);
          const result = selectOrders(next, picked);
          setCapped(result.capped);
          return result.selection;
        });
      },
      toggle: (row: SelectedOrder, checked: boolean) => {
        if (checked) add([row]);
        else
          setSelection((current) => {
            const next = new Map(current);
            next.delete(row.head_id);
            return next;
          });
      },
      /** Every order the list's filters match, as many as fit (MAX_SELECTED). */
      selectAllMatching: async (fetchMatching: () => Promise<{ items: SelectedOrder[]; more: boolean }>) => {
        setSelecting(true);
        try {
          const page = await fetchMatching();
          setSelection((current) => {
            const result = selectOrders(current, page.items);
            setCapped(result.capped || page.more);
            return result.selection;
          });
        } finally {
          setSelecting(false);
        }
      },
      /** After an action: only the orders it did not do stay selected. */
      keepOnly: (headIds: readonly number[]) => {
        const kept = new Set(headIds);
        setSelection((current) => new Map([...current].filter(([id]) => kept.has(id))));
        setCapped(false);
      },
      clear: () => {
        setSelection(new Map());
        setCapped(false);
      },
    }),
    [selection, capped, selecting, add],
  );
}

export type OrderSelection = ReturnType<typeof useOrderSelection>;
