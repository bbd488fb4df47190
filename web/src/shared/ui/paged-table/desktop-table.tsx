import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StoredColumns } from './column-persistence';
import { type ListPage, type PagedDataTableProps, shownTotal } from './list-page';

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

export function WideTable<T>({
  table,
  data,
  isFetching,
  columnWidths,
  selection,
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
        onSortStatusChange={table.sortBy}
        // The sideways scrollbar shows whenever columns overflow, not only under the pointer.
        scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x' }}
        {...(selection
          ? {
              selectedRecords: selection.selectedRecords,
              onSelectedRecordsChange: selection.onSelectedRecordsChange,
              getRecordSelectionCheckboxProps: (row: T) => ({ 'aria-label': selection.checkboxLabel(row) }),
              allRecordsSelectionCheckboxProps: { 'aria-label': selection.allLabel },
            }
          : {})}
        {...props}
      />
    </>
  );
}
