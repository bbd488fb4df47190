import type { DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

export const TABLE_PAGE_SIZES = [10, 20, 50, 100];
/** SPEC.md §9: the table search waits 250 ms after the last key. */
export const TABLE_SEARCH_DELAY_MS = 250;

export function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The texts and labels of a server-paged DataTable's pagination, in the current language. */
export function usePaginationTexts() {
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
}) {
  const [params, setParams] = useSearchParams();
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
    size: size && TABLE_PAGE_SIZES.includes(size) ? size : (TABLE_PAGE_SIZES[0] as number),
    sort,
    ordering: `${sort.direction === 'desc' ? '-' : ''}${String(sort.columnAccessor)}` as K | `-${K}`,
    update,
  };
}
