import { auth } from '@extranet/contract';
import { Box, Group, Pagination, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSortStatus,
  getRecordId,
  getValueAtPath,
  useDataTableColumns,
} from 'mantine-datatable';
import {
  type ChangeEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ColumnChooser } from './column-chooser';
import { type DataQuery, DataState, EmptyState } from './data-state';
import { useIsPhone } from './list-filters';
import { ListViewsMenu } from './list-views-slot';
import { useTableColumns } from './table-columns';

const TABLE_PAGE_SIZES = [10, 20, 50, 100];
/** SPEC.md §9: the table search waits 250 ms after the last key. */
const TABLE_SEARCH_DELAY_MS = 250;

export function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** A page of a list as the server answers it (DESIGN.md §3). */
export interface ListPage<T> {
  items: T[];
  more?: boolean;
  total?: number;
  /** More rows than `total` (10,000), not counted: shown "10,000+". */
  total_capped?: true;
}

/**
 * The total the pagination works with. A capped total grows with the pages a user goes through
 * while the server says there are more, so the next page can always be reached.
 */
function shownTotal<T>(data: ListPage<T>, table: { page: number; size: number }, uncounted: number): number {
  if (!data.total_capped) return data.total ?? uncounted;
  const total = data.total ?? 0;
  return Math.max(total, (table.page - 1) * table.size + data.items.length + (data.more ? 1 : 0));
}

/** The texts and labels of a server-paged DataTable's pagination, in the current language. */
function usePaginationTexts(isCapped: boolean) {
  const { t } = useTranslation();
  return {
    recordsPerPageLabel: t('catalogs.table.perPage'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t(isCapped ? 'catalogs.table.rangeAtLeast' : 'catalogs.table.range', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'previous' | 'next' | 'first' | 'last') => ({
      'aria-label': t(`catalogs.table.pages.${control}`),
    }),
  };
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

type TableUrlState = Pick<
  ReturnType<typeof useTableUrlState>,
  'page' | 'size' | 'pageSizes' | 'sort' | 'update'
>;

/**
 * A column of a list table. A column the table's `tableId` lists in auth.TABLE_COLUMNS can be
 * shown or hidden by the user (`defaultHidden` until they choose); any other one (a view link)
 * is always shown and stays out of the phone cards.
 */
export type ListColumn<T> = DataTableColumn<T> & { defaultHidden?: boolean };

type PagedDataTableProps<T> = Pick<
  DataTableProps<T>,
  'id' | 'idAccessor' | 'storeColumnsKey' | 'withColumnBorders' | 'onRowClick'
> & {
  table: TableUrlState;
  /** The list query of the page shown: its rows, its total, and whether it loads or failed. */
  rows: DataQuery<ListPage<T>>;
  columns: ListColumn<T>[];
  noRecordsText: string;
  /** The table whose columns the user chooses (remembered on the server for the user). */
  tableId: auth.TableId;
  /** How many of the first columns shown stay in view while the table scrolls sideways. */
  pinnedColumns?: number;
  /** The head of a row's card on a phone (its link and what it is); the shown columns follow. */
  cardTitle: (row: T) => ReactNode;
  /** Columns already in the card's head, left out of its fields. */
  cardTitleColumns?: readonly string[];
  /** With storeColumnsKey and resizable columns: the widths a drag may leave a column at. */
  columnWidths?: { min: number; max: number };
};

/** Which columns are shown, and the Columns button that chooses them. */
function useShownColumns<T>(tableId: auth.TableId, columns: ListColumn<T>[]) {
  const choosable: readonly string[] = auth.TABLE_COLUMNS[tableId];
  const defaults = columns.filter((column) => !column.defaultHidden).map((column) => String(column.accessor));
  const choice = useTableColumns(tableId, defaults);
  const isChoosable = (column: ListColumn<T>) => choosable.includes(String(column.accessor));
  const shownKey = [...choice.shown].join();
  // The same column objects while nothing changes: a table that stores its column widths
  // (storeColumnsKey) measures its columns again whenever they are new ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: shownKey stands for choice.shown.
  const shown = useMemo(
    () =>
      columns.filter(
        (column) => !choosable.includes(String(column.accessor)) || choice.shown.has(String(column.accessor)),
      ),
    [columns, choosable, shownKey],
  );
  const chooser = (
    <ColumnChooser
      columns={columns.filter(isChoosable).map((column) => ({
        accessor: String(column.accessor),
        label: typeof column.title === 'string' ? column.title : String(column.accessor),
      }))}
      shown={choice.shown}
      isDefault={choice.isDefault}
      onChange={choice.choose}
      onReset={choice.reset}
    />
  );
  return { shown, isChoosable, chooser };
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';

/**
 * A DataTable over one page of a server list whose page, size and sort live in the URL
 * (useTableUrlState), with its pagination and sort state named in the user's language. It shows
 * loading, failure (with Retry) and emptiness through DataState, lets the user choose its
 * columns, keeps its first columns in view while it scrolls sideways, and becomes a list of
 * cards on a phone.
 */
export function PagedDataTable<T>({
  table,
  rows,
  columns,
  tableId,
  pinnedColumns = 1,
  cardTitle,
  cardTitleColumns = [],
  ...props
}: PagedDataTableProps<T>) {
  const isPhone = useIsPhone();
  const { shown, isChoosable, chooser } = useShownColumns(tableId, columns);
  const { onRowClick } = props;
  // A click on a link, a button or a field inside the row does its own thing, not the row's.
  const rowClick: DataTableProps<T>['onRowClick'] = onRowClick
    ? (click) => {
        if (!(click.event.target as Element).closest?.(INTERACTIVE)) onRowClick(click);
      }
    : undefined;
  const tableColumns = useMemo(
    () =>
      shown.map(({ defaultHidden: _hidden, ...column }, index) =>
        index < pinnedColumns ? { ...column, pinned: 'left' as const } : column,
      ),
    [shown, pinnedColumns],
  );
  const body = (
    <DataState query={rows}>
      {(data) =>
        isPhone ? (
          <ListCards
            table={table}
            data={data}
            idAccessor={props.idAccessor}
            noRecordsText={props.noRecordsText}
            cardTitle={cardTitle}
            onRowClick={rowClick}
            fields={shown.filter(
              (column) => isChoosable(column) && !cardTitleColumns.includes(String(column.accessor)),
            )}
            isFetching={rows.isFetching ?? false}
          />
        ) : (
          <WideTable
            table={table}
            data={data}
            isFetching={rows.isFetching ?? false}
            columns={tableColumns}
            {...props}
            onRowClick={rowClick}
          />
        )
      }
    </DataState>
  );
  return (
    <Stack gap="xs">
      <Group justify="flex-end" gap="xs">
        <ListViewsMenu tableId={tableId} />
        {chooser}
      </Group>
      {body}
    </Stack>
  );
}

function clampWidth(width: string | number, limits: { min: number; max: number }): number | null {
  const pixels = typeof width === 'number' ? width : Number.parseFloat(width);
  if (!Number.isFinite(pixels)) return null;
  const clamped = Math.min(limits.max, Math.max(limits.min, Math.round(pixels)));
  return clamped === pixels ? null : clamped;
}

/**
 * A table that stores its columns (storeColumnsKey) keeps their widths, and their order, in the
 * browser. This second view of that store, over the very columns the table shows (two views of
 * one key over different columns would overwrite each other without end), keeps the order the
 * table's own (a column shown again takes its place, not the last one) and pulls a column back
 * within the limits after a drag.
 */
function StoredColumns<T>({
  storeKey,
  columns,
  limits,
}: {
  storeKey: string;
  columns: DataTableColumn<T>[];
  limits?: { min: number; max: number };
}) {
  const { columnsOrder, setColumnsOrder, columnsWidth, setMultipleColumnWidths } = useDataTableColumns<T>({
    key: storeKey,
    columns,
  });
  const order = columns.map((column) => String(column.accessor)).join();
  useEffect(() => {
    if (columnsOrder.join() !== order) setColumnsOrder(order.split(','));
  }, [columnsOrder, setColumnsOrder, order]);
  useEffect(() => {
    if (!limits) return;
    const updates = columnsWidth.flatMap((entry) =>
      Object.entries(entry).flatMap(([accessor, width]) => {
        const clamped = clampWidth(width, limits);
        return clamped === null ? [] : [{ accessor, width: clamped }];
      }),
    );
    if (updates.length) setMultipleColumnWidths(updates);
  }, [columnsWidth, setMultipleColumnWidths, limits]);
  return null;
}

function WideTable<T>({
  table,
  data,
  isFetching,
  columnWidths,
  ...props
}: Omit<PagedDataTableProps<T>, 'rows' | 'cardTitle' | 'cardTitleColumns' | 'tableId' | 'pinnedColumns'> & {
  data: ListPage<T>;
  isFetching: boolean;
}) {
  const { t } = useTranslation();
  const pagination = usePaginationTexts(data.total_capped === true);
  const [tableElement, setTableElement] = useState<HTMLTableElement | null>(null);
  const records = data.items;

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
    <>
      {props.storeColumnsKey && (
        <StoredColumns storeKey={props.storeColumnsKey} columns={props.columns} limits={columnWidths} />
      )}
      <DataTable<T>
        // Drawn anew when the shown columns change: its scroll area measures again whether they
        // overflow (it misses a table that grows inside an unchanged frame) and shows the scrollbar.
        key={props.columns.map((column) => String(column.accessor)).join()}
        tableRef={setTableElement}
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={records.length ? undefined : 180}
        records={records}
        fetching={isFetching}
        totalRecords={shownTotal(data, table, 0)}
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
        // The sideways scrollbar shows whenever columns overflow, not only under the pointer.
        scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x' }}
        {...props}
      />
    </>
  );
}

/** A cell's content as the table shows it: the column's render, or the row's value. */
function cellOf<T>(column: DataTableColumn<T>, row: T, index: number): ReactNode {
  const value = column.render ? column.render(row, index) : getValueAtPath(row, String(column.accessor));
  return value === null || value === undefined || value === '' ? '—' : (value as ReactNode);
}

/** The page as cards on a phone: each row's head, then its shown columns as label and value. */
function ListCards<T>({
  table,
  data,
  idAccessor,
  noRecordsText,
  cardTitle,
  onRowClick,
  fields,
  isFetching,
}: {
  table: TableUrlState;
  data: ListPage<T>;
  idAccessor: DataTableProps<T>['idAccessor'];
  noRecordsText: string;
  cardTitle: (row: T) => ReactNode;
  /** A click on the card (the title's link is the keyboard's way to the same place). */
  onRowClick?: DataTableProps<T>['onRowClick'];
  fields: ListColumn<T>[];
  isFetching: boolean;
}) {
  const { t } = useTranslation();
  const total = shownTotal(data, table, data.items.length);
  const pages = Math.max(1, Math.ceil(total / table.size));
  const from = (table.page - 1) * table.size + 1;
  if (data.items.length === 0) return <EmptyState text={noRecordsText} />;
  return (
    <Stack gap="sm" aria-busy={isFetching} data-testid="list-cards">
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {data.items.map((row, index) => (
          <Paper
            key={String(getRecordId(row, idAccessor ?? 'id'))}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid="list-card"
            onClick={onRowClick ? (event) => onRowClick({ record: row, index, event }) : undefined}
            style={onRowClick ? { cursor: 'pointer' } : undefined}
          >
            <Stack gap={6}>
              <Box fw={600}>{cardTitle(row)}</Box>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} component="dl" m={0}>
                {fields.map((column) => (
                  <div key={String(column.accessor)} style={{ minWidth: 0 }}>
                    <Text component="dt" size="xs" c="dimmed">
                      {column.title}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                      {cellOf(column, row, index)}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {t(data.total_capped ? 'catalogs.table.rangeAtLeast' : 'catalogs.table.range', {
            from,
            to: from + data.items.length - 1,
            total,
          })}
        </Text>
        <Pagination
          size="sm"
          total={pages}
          value={table.page}
          onChange={(page) => table.update({ page })}
          siblings={0}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': t(`catalogs.table.pages.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('lists.page', { page }) })}
        />
      </Group>
    </Stack>
  );
}
