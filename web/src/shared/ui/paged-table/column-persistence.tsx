import { auth } from '@extranet/contract';
import { type DataTableColumn, useDataTableColumns } from 'mantine-datatable';
import { useEffect, useMemo } from 'react';
import { ColumnChooser } from '../column-chooser';
import { useTableColumns } from '../table-columns';
import type { ListColumn } from './list-page';

/** Which columns are shown, and the Columns button that chooses them. */
export function useShownColumns<T>(tableId: auth.TableId, columns: ListColumn<T>[]) {
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
export function StoredColumns<T>({
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
