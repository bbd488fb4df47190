import { Group, Stack } from '@mantine/core';
import type { DataTableProps } from 'mantine-datatable';
import { useMemo } from 'react';
import { DataState } from './data-state';
import { useIsPhone } from './list-filters';
import { ListViewsMenu } from './list-views-slot';
import { useShownColumns } from './paged-table/column-persistence';
import { WideTable } from './paged-table/desktop-table';
import type { PagedDataTableProps } from './paged-table/list-page';
import { ListCards } from './paged-table/phone-cards';

/*
 * The server-paged list table, put together from its parts in paged-table/: the URL state of a
 * list, the columns a user chooses and the widths the browser keeps, the desktop table and the
 * phone cards.
 */

export type { ListColumn, ListPage } from './paged-table/list-page';
export { positiveInt, useTableUrlState, useUrlSearch } from './paged-table/use-url-list-state';

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
