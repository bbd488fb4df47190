import { useDebouncedCallback } from '@mantine/hooks';
import type { DataTableSortStatus } from 'mantine-datatable';
import { type ChangeEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

const TABLE_PAGE_SIZES = [10, 20, 50, 100];
/** SPEC.md §9: the table search waits 250 ms after the last key. */
const TABLE_SEARCH_DELAY_MS = 250;

export function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/**
 * The search a table's next change builds on: the URL's as last rendered, or the last one this
 * table sent when the router has not rendered it yet. The router renders a change later (in a
 * transition), so a second filter changed meanwhile (a date typed right after another, a search
 * sent while a filter applies) would otherwise be built on the old URL and undo the first.
 */
function useLatestSearch(params: URLSearchParams) {
  const rendered = params.toString();
  // Searches sent and not yet rendered, oldest first.
  const waiting = useRef<string[]>([]);
  useLayoutEffect(() => {
    const at = waiting.current.indexOf(rendered);
    // One of ours came through (and those sent before it); anything else came from elsewhere (back,
    // a link), which wins over ours.
    waiting.current = at === -1 ? [] : waiting.current.slice(at + 1);
  }, [rendered]);
  return {
    base: () => new URLSearchParams(waiting.current.at(-1) ?? rendered),
    sent: (next: URLSearchParams) => {
      waiting.current.push(next.toString());
    },
  };
}

/**
 * A server-paged table's state in the URL (page, size, sort plus the screen's own filters), so a
 * reload or a shared link shows the same rows. Changing anything but the page starts at page 1.
 */
export function useTableUrlState<K extends string>(options: {
  orderings: readonly K[];
  defaultSort: { key: K; direction: 'asc' | 'desc' };
  pageSizes?: readonly number[];
}) {
  const [params, setParams] = useSearchParams();
  const pageSizes = options.pageSizes ?? TABLE_PAGE_SIZES;
  const sortParam = params.get('sort') ?? '';
  const sortKey = sortParam.replace(/^-/, '') as K;
  const sort: DataTableSortStatus<never> = options.orderings.includes(sortKey)
    ? { columnAccessor: sortKey, direction: sortParam.startsWith('-') ? 'desc' : 'asc' }
    : { columnAccessor: options.defaultSort.key, direction: options.defaultSort.direction };
  const size = positiveInt(params.get('size'));

  const latest = useLatestSearch(params);

  const update = (
    changes: Record<string, string | number | null>,
    updateOptions: { replace?: boolean } = {},
  ) => {
    const next = latest.base();
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    latest.sent(next);
    setParams(next, { replace: updateOptions.replace });
  };

  const page = positiveInt(params.get('page')) ?? 1;
  const shownSize = size && pageSizes.includes(size) ? size : (pageSizes[0] as number);
  const ordering = `${sort.direction === 'desc' ? '-' : ''}${String(sort.columnAccessor)}` as K | `-${K}`;

  /**
   * A sortable header's click, as the table reports it: the sort it last rendered, toggled. When a
   * sort sent before has not been rendered yet (a second click right after the first), the click
   * toggles that one instead, else it would ask for the first click's sort again.
   */
  const sortBy = (clicked: { columnAccessor: unknown; direction: 'asc' | 'desc' }) => {
    const key = String(clicked.columnAccessor);
    const latestSort = latest.base().get('sort');
    const latestKey = latestSort?.replace(/^-/, '') as K | undefined;
    let direction = clicked.direction;
    if (latestSort !== (params.get('sort') ?? null) && latestKey && options.orderings.includes(latestKey))
      direction = latestKey === key && !latestSort!.startsWith('-') ? 'desc' : 'asc';
    update({ sort: `${direction === 'desc' ? '-' : ''}${key}` });
  };
  return {
    params,
    page,
    size: shownSize,
    pageSizes,
    sort,
    ordering,
    /** What the table decides of its list request: the page shown, its size and order, with the total. */
    pageRequest: { page: page - 1, count: shownSize, ordering, with_total: true },
    update,
    sortBy,
  };
}

/**
 * The free-text search box of a table whose state is in the URL: the box shows what is typed at
 * once, the trimmed text goes to the URL's `q` TABLE_SEARCH_DELAY_MS after the last key (in place
 * of the current history entry), and the box follows the URL when it changes on its own (back, a
 * link). `q` is the search the list asks for.
 */
export function useUrlSearch(table: Pick<ReturnType<typeof useTableUrlState>, 'params' | 'update'>) {
  const q = table.params.get('q') ?? '';
  const [value, setValue] = useState(q);
  // The searches sent to the URL and not yet seen there, oldest first. When the URL catches up with
  // one of them, the person may have typed on meanwhile, and what they typed stays; a q that is
  // none of them comes from elsewhere (back, a link) and replaces the box.
  const sent = useRef<string[]>([]);

  useEffect(() => {
    const at = sent.current.indexOf(q);
    if (at !== -1) {
      sent.current = sent.current.slice(at + 1);
      return;
    }
    sent.current = [];
    setValue(q);
  }, [q]);
  const pushSearch = useDebouncedCallback(
    (text: string) => {
      const search = text.trim();
      sent.current.push(search);
      table.update({ q: search }, { replace: true });
    },
    { delay: TABLE_SEARCH_DELAY_MS },
  );

  return {
    q,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.currentTarget.value);
      pushSearch(event.currentTarget.value);
    },
  };
}

export type TableUrlState = Pick<
  ReturnType<typeof useTableUrlState>,
  'page' | 'size' | 'pageSizes' | 'sort' | 'update' | 'sortBy'
>;
