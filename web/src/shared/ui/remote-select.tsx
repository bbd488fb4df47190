import type { CallDef, CallRequest, CallResponse } from '@extranet/contract';
import {
  type ComboboxItem,
  Loader,
  MultiSelect,
  type MultiSelectProps,
  Select,
  type SelectProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api';

/** SPEC.md §7 'List conventions': pickers search with filters.smart after 250 ms, 10 at a time. */
export const REMOTE_SELECT_DELAY_MS = 250;
export const REMOTE_SELECT_PAGE_SIZE = 10;

export type RemoteValue = string | number;
/** The item type of a list call's response. */
export type ListItem<C extends CallDef> = CallResponse<C> extends { items: Array<infer I> } ? I : never;
/** The filters of a list call's request. */
export type ListFilters<C extends CallDef> = CallRequest<C> extends { filters: infer F } ? F : never;
type Ordering<C extends CallDef> = CallRequest<C> extends { ordering?: infer O } ? O : never;

/**
 * Where a remote select takes its options from: one contract list call (a catalog, batches,
 * users...) and how to read an option from one of its items.
 */
export interface RemoteSource<C extends CallDef, V extends RemoteValue = number> {
  /** A list call: `{filters, page, count, ordering}` in, `{items, more}` out. */
  call: C;
  /** The option's value, usually the item's id. */
  getValue: (item: ListItem<C>) => V;
  /** The option's text. */
  getLabel: (item: ListItem<C>) => string;
  /**
   * The filter that fetches items by their values (`consignee_id_list`...): a chosen value whose
   * item is not loaded (after a reload of a page that stored only the id) gets its label this way.
   */
  valueListFilter?: keyof ListFilters<C> & string;
  /** The text of a value whose item is unknown; for sources whose value is its own label (batches). */
  formatValue?: (value: V) => string;
  /** The server-side ordering of the options; the call's default when left out. */
  ordering?: Ordering<C>;
}

/** Declares a source with its types inferred from the call: `defineRemoteSource({call, ...})`. */
export function defineRemoteSource<C extends CallDef, V extends RemoteValue = number>(
  source: RemoteSource<C, V>,
): RemoteSource<C, V> {
  return source;
}

interface Known<I> {
  label: string;
  item: I | null;
}

/** What a remote select's queries hold: pages of a list, or the items of chosen values. */
type CachedOptions<I> = { pages: { items: I[] }[] } | { items: I[] } | undefined;

interface RemoteOptionsInput<C extends CallDef, V extends RemoteValue> {
  source: RemoteSource<C, V>;
  filters: Partial<ListFilters<C>>;
  selected: readonly V[];
  /** The text typed in the search box (not yet debounced). */
  search: string;
  /** The options list is fetched once the dropdown has been opened. */
  opened: boolean;
  enabled: boolean;
  pageSize: number;
  /** A single select, whose search box shows the chosen label. */
  singleValue?: boolean;
}

/**
 * The options of a remote select: pages of the list call searched by filters.smart, plus the
 * chosen values, whose labels come from the pages already seen or from one lookup by value list.
 */
export function useRemoteOptions<C extends CallDef, V extends RemoteValue>(input: RemoteOptionsInput<C, V>) {
  const { source, filters, selected, search, opened, enabled, pageSize, singleValue = false } = input;
  const queryClient = useQueryClient();
  const path = source.call.path;
  // Every item this source's queries hold, read from the query cache: its entries go when no
  // screen uses them any more, and all of them with the session (the cache is cleared at logout).
  const known = new Map<V, Known<ListItem<C>>>();
  for (const [, data] of queryClient.getQueriesData<CachedOptions<ListItem<C>>>({
    queryKey: ['remote-select', path],
  })) {
    const pages = data === undefined ? [] : 'pages' in data ? data.pages : [data];
    for (const page of pages) {
      for (const item of page.items) known.set(source.getValue(item), { label: source.getLabel(item), item });
    }
  }
  // A single select shows the chosen label in its search box: that text is no search.
  const shown = singleValue && selected.length === 1 ? labelFromCache(selected[0] as V) : undefined;
  const [term] = useDebouncedValue(search === shown ? '' : search.trim(), REMOTE_SELECT_DELAY_MS);
  function labelFromCache(value: V) {
    return known.get(value)?.label ?? source.formatValue?.(value);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the request is built for any list call; its schema checks it.
  const request = (extra: Record<string, unknown>, page: number, count: number): any => ({
    filters: { ...filters, ...extra },
    page,
    count,
    ...(source.ordering ? { ordering: source.ordering } : {}),
    with_total: false,
  });

  const list = useInfiniteQuery({
    queryKey: ['remote-select', path, 'list', filters, term, pageSize],
    queryFn: ({ pageParam, signal }) =>
      callApi(source.call, request(term ? { smart: term } : {}, pageParam, pageSize), { signal }) as Promise<{
        items: ListItem<C>[];
        more: boolean;
      }>,
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.more ? pages.length : undefined),
    enabled: enabled && opened,
    placeholderData: keepPreviousData,
  });

  for (const page of list.data?.pages ?? []) {
    for (const item of page.items) known.set(source.getValue(item), { label: source.getLabel(item), item });
  }

  const unknown = selected.filter((value) => !known.has(value));
  const valueListFilter = source.valueListFilter;
  const chosen = useQuery({
    queryKey: ['remote-select', path, 'values', filters, unknown],
    queryFn: ({ signal }) =>
      callApi(
        source.call,
        request({ [valueListFilter as string]: unknown }, 0, Math.max(unknown.length, 1)),
        { signal },
      ) as Promise<{ items: ListItem<C>[] }>,
    enabled: enabled && unknown.length > 0 && valueListFilter !== undefined,
  });
  for (const item of chosen.data?.items ?? []) {
    known.set(source.getValue(item), { label: source.getLabel(item), item });
  }

  const labelOf = (value: V) => labelFromCache(value) ?? (chosen.isFetching ? '…' : String(value));

  const pages = list.data?.pages;
  const chosenItems = chosen.data?.items;
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels come from the cache filled from the query data listed.
  const data = useMemo<ComboboxItem<V>[]>(() => {
    const listed = (pages ?? []).flatMap((page) => page.items.map((item) => source.getValue(item)));
    return [...new Set([...selected, ...listed])].map((value) => ({ value, label: labelOf(value) }));
  }, [selected, pages, chosenItems, chosen.isFetching]);

  return {
    data,
    itemOf: (value: V) => known.get(value)?.item ?? null,
    labelOf,
    isFetching: list.isFetching || chosen.isFetching,
    loadMore: () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    },
  };
}

/** Mantine hides its clear button from assistive technology and the keyboard: this one is a real button. */
const CLEAR_BUTTON_A11Y = { 'aria-hidden': false, tabIndex: 0 } as const;

type OwnSelectProps =
  | 'data'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'searchable'
  | 'searchValue'
  | 'onSearchChange'
  | 'filter';

export interface RemoteSelectProps<C extends CallDef, V extends RemoteValue = number>
  extends Omit<SelectProps<V>, OwnSelectProps> {
  source: RemoteSource<C, V>;
  /** Filters added to every request (`{consignee_id}` for a consignee's SKUs...). */
  filters?: Partial<ListFilters<C>>;
  value: V | null;
  /** The chosen value with its list item (null when cleared, or when the item is not loaded). */
  onChange: (value: V | null, item: ListItem<C> | null) => void;
  /** false: nothing is fetched (a picker waiting for the one it depends on). */
  enabled?: boolean;
  pageSize?: number;
}

/**
 * A select whose options come from a contract list call: typed text searches the server through
 * filters.smart after 250 ms, 10 options a page, the next page loads when the list is scrolled to
 * the bottom. A chosen value keeps its label after a reload (fetched by `valueListFilter`).
 * Give it a `label` (or an `aria-label`): the input is named by it.
 *
 * ```tsx
 * <RemoteSelect source={skuSource} filters={{ consignee_id: consigneeId }} label={t('...')}
 *   value={skuId} onChange={(id) => setSkuId(id)} clearable enabled={consigneeId !== null} />
 * ```
 */
export function RemoteSelect<C extends CallDef, V extends RemoteValue = number>({
  source,
  filters,
  value,
  onChange,
  enabled = true,
  pageSize = REMOTE_SELECT_PAGE_SIZE,
  clearButtonProps,
  scrollAreaProps,
  rightSection,
  onDropdownOpen,
  ...props
}: RemoteSelectProps<C, V>) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const stableFilters = useStableFilters(filters);
  const selected = useMemo(() => (value === null ? [] : [value]), [value]);
  const options = useRemoteOptions({
    source,
    filters: stableFilters,
    selected,
    search,
    opened,
    enabled,
    pageSize,
    singleValue: true,
  });

  return (
    <Select<V>
      {...props}
      data={options.data}
      value={value}
      onChange={(next) => onChange(next, next === null ? null : (options.itemOf(next) as ListItem<C> | null))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        options.isFetching ? t('catalogs.select.loading') : t('catalogs.select.nothingFound')
      }
      onDropdownOpen={() => {
        setOpened(true);
        onDropdownOpen?.();
      }}
      clearButtonProps={{
        ...CLEAR_BUTTON_A11Y,
        'aria-label': t('catalogs.select.clear'),
        ...clearButtonProps,
      }}
      scrollAreaProps={{
        ...scrollAreaProps,
        onBottomReached: options.loadMore,
        // A scrolling region is reachable by keyboard (axe 'scrollable-region-focusable'), as a
        // group of the options (what a listbox may hold: axe 'aria-required-children'); the list
        // closes when the field loses focus, so the field keeps the keyboard in practice.
        viewportProps: { tabIndex: 0, role: 'group', ...scrollAreaProps?.viewportProps },
      }}
      rightSection={
        options.isFetching ? (
          <Loader size={14} aria-label={t('catalogs.select.loading')} role="progressbar" />
        ) : (
          rightSection
        )
      }
      disabled={props.disabled || !enabled}
    />
  );
}

type OwnMultiSelectProps = OwnSelectProps;

export interface RemoteMultiSelectProps<C extends CallDef, V extends RemoteValue = number>
  extends Omit<MultiSelectProps<V>, OwnMultiSelectProps> {
  source: RemoteSource<C, V>;
  filters?: Partial<ListFilters<C>>;
  value: V[];
  /** The chosen values with the list items known for them. */
  onChange: (values: V[], items: Array<ListItem<C> | null>) => void;
  enabled?: boolean;
  pageSize?: number;
}

/** RemoteSelect for several values (users of a discussion...), with the same props otherwise. */
export function RemoteMultiSelect<C extends CallDef, V extends RemoteValue = number>({
  source,
  filters,
  value,
  onChange,
  enabled = true,
  pageSize = REMOTE_SELECT_PAGE_SIZE,
  clearButtonProps,
  scrollAreaProps,
  onDropdownOpen,
  ...props
}: RemoteMultiSelectProps<C, V>) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const stableFilters = useStableFilters(filters);
  const options = useRemoteOptions({
    source,
    filters: stableFilters,
    selected: value,
    search,
    opened,
    enabled,
    pageSize,
  });

  return (
    <MultiSelect<V>
      {...props}
      data={options.data}
      value={value}
      onChange={(next) =>
        onChange(
          next,
          next.map((v) => options.itemOf(v) as ListItem<C> | null),
        )
      }
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      hidePickedOptions
      nothingFoundMessage={
        options.isFetching ? t('catalogs.select.loading') : t('catalogs.select.nothingFound')
      }
      onDropdownOpen={() => {
        setOpened(true);
        onDropdownOpen?.();
      }}
      clearButtonProps={{
        ...CLEAR_BUTTON_A11Y,
        'aria-label': t('catalogs.select.clear'),
        ...clearButtonProps,
      }}
      scrollAreaProps={{
        ...scrollAreaProps,
        onBottomReached: options.loadMore,
        // A scrolling region is reachable by keyboard (axe 'scrollable-region-focusable'), as a
        // group of the options (what a listbox may hold: axe 'aria-required-children'); the list
        // closes when the field loses focus, so the field keeps the keyboard in practice.
        viewportProps: { tabIndex: 0, role: 'group', ...scrollAreaProps?.viewportProps },
      }}
      disabled={props.disabled || !enabled}
    />
  );
}

/** Filters passed inline (`filters={{consignee_id}}`) keep one identity while their content does. */
function useStableFilters<F>(filters: F | undefined): F {
  const key = JSON.stringify(filters ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised content is the identity.
  return useMemo(() => (filters ?? {}) as F, [key]);
}
