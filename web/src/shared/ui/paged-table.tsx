import { useDebouncedCallback } from '@mantine/hooks';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const TABLE_PAGE_SIZES = [10, 20, 50, 100];
/** SPEC.md §9: the table search waits 250 ms after the last key. */
const TABLE_SEARCH_DELAY_MS = 250;

export function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The texts and labels of a server-paged DataTable's pagination, in the current language. */
function usePaginationTexts() {
  const { t } = useTranslation();
  return {
    recordsPerPageLabel: t('catalogs.table.perPage'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('catalogs.table.range', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'previous' | 'next' | 'first' | 'last') => ({
      'aria-label': t(`catalogs.table.pages.${control}`),
    }),
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

  const update = (
    changes: Record<string, string | number | null>,
    updateOptions: { replace?: boolean } = {},
  ) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: updateOptions.replace },
    );
  };

  return {
    params,
    page: positiveInt(params.get('page')) ?? 1,
    size: size && pageSizes.includes(size) ? size : (pageSizes[0] as number),
    pageSizes,
    sort,
    ordering: `${sort.direction === 'desc' ? '-' : ''}${String(sort.columnAccessor)}` as K | `-${K}`,
    update,
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
  // The search last sent to the URL: when the URL catches up with it, the person may have typed
  // on meanwhile, and what they typed stays. Only a q that comes from elsewhere replaces the box.
  const pushed = useRef(q);

  useEffect(() => {
    if (q === pushed.current) return;
    pushed.current = q;
    setValue(q);
  }, [q]);
  const pushSearch = useDebouncedCallback(
    (text: string) => {
      pushed.current = text.trim();
      table.update({ q: pushed.current }, { replace: true });
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

type TableUrlState = Pick<
  ReturnType<typeof useTableUrlState>,
  'page' | 'size' | 'pageSizes' | 'sort' | 'update'
>;

type PagedDataTableProps<T> = Pick<
  DataTableProps<T>,
  'id' | 'idAccessor' | 'storeColumnsKey' | 'withColumnBorders' | 'onRowClick'
> & {
  table: TableUrlState;
  /** The list query of the page shown: its rows, its total and whether a page is on its way. */
  rows: { data?: { items: T[]; total?: number }; isFetching: boolean };
  columns: DataTableColumn<T>[];
  noRecordsText: string;
};

/**
 * A DataTable over one page of a server list whose page, size and sort live in the URL
 * (useTableUrlState), with its pagination and sort state named in the user's language.
 */
export function PagedDataTable<T>({ table, rows, ...props }: PagedDataTableProps<T>) {
  const { t } = useTranslation();
  const pagination = usePaginationTexts();
  const [tableElement, setTableElement] = useState<HTMLTableElement | null>(null);
  const records = rows.data?.items ?? [];

  // mantine-datatable 9.4 names the sort state icons of sortable headers in English only, with
  // no prop to change it (icflorescu/mantine-datatable#844; sortIcons replaces the icon inside
  // the labelled element, not its label). React writes an attribute again only when the value it
  // renders changes, so relabelling this table's own header after each render (a new sort, new
  // rows, another language all render it again) keeps the labels translated.
  useEffect(() => {
    const header = tableElement?.tHead;
    if (!header) return;
    const sortedLabel =
      table.sort.direction === 'desc'
        ? t('catalogs.table.sort.descending')
        : t('catalogs.table.sort.ascending');
    for (const icon of header.querySelectorAll('.mantine-datatable-header-cell-sortable-icon')) {
      icon.setAttribute('aria-label', sortedLabel);
    }
    for (const icon of header.querySelectorAll('.mantine-datatable-header-cell-sortable-unsorted-icon')) {
      icon.setAttribute('aria-label', t('catalogs.table.sort.unsorted'));
    }
  });

  return (
    <DataTable<T>
      tableRef={setTableElement}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={records.length ? undefined : 180}
      records={records}
      fetching={rows.isFetching}
      totalRecords={rows.data?.total ?? 0}
      recordsPerPage={table.size}
      page={table.page}
      onPageChange={(page) => table.update({ page })}
      recordsPerPageOptions={[...table.pageSizes]}
      onRecordsPerPageChange={(size) => table.update({ size })}
      {...pagination}
      sortStatus={table.sort as DataTableSortStatus<T>}
      onSortStatusChange={(sort) =>
        table.update({ sort: `${sort.direction === 'desc' ? '-' : ''}${String(sort.columnAccessor)}` })
      }
      {...props}
    />
  );
}
