import type { auth } from '@extranet/contract';
import type { DataTableColumn, DataTableProps } from 'mantine-datatable';
import type { ReactNode } from 'react';
import type { DataQuery } from '../data-state';
import type { TableUrlState } from './use-url-list-state';

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
interface RowSelection<T> {
  selectedRecords: T[];
  onSelectedRecordsChange: (records: T[]) => void;
  /** The label of a row's checkbox (which row it picks). */
  checkboxLabel: (row: T) => string;
  /** The label of the header's checkbox (every row of the page). */
  allLabel: string;
}

export function shownTotal<T>(
  data: ListPage<T>,
  table: { page: number; size: number },
  uncounted: number,
): number {
  if (!data.total_capped) return data.total ?? uncounted;
  const total = data.total ?? 0;
  return Math.max(total, (table.page - 1) * table.size + data.items.length + (data.more ? 1 : 0));
}

/**
 * A column of a list table. A column the table's `tableId` lists in auth.TABLE_COLUMNS can be
 * shown or hidden by the user (`defaultHidden` until they choose); any other one (a view link)
 * is always shown and stays out of the phone cards.
 */
export type ListColumn<T> = DataTableColumn<T> & { defaultHidden?: boolean };

export type PagedDataTableProps<T> = Pick<
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
  /**
   * Rows the user picks with a checkbox column (labelled per row): the page's picked rows and the
   * change of them. A phone card shows its own checkbox in `cardTitle`.
   */
  selection?: RowSelection<T>;
  /** With storeColumnsKey and resizable columns: the widths a drag may leave a column at. */
  columnWidths?: { min: number; max: number };
};
