import { Pagination, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataQuery, DataState } from './data-state';
import type { ListPage } from './paged-table';

/**
 * A short server-paged list in a plain table (API keys, webhook endpoints, deliveries): its
 * loading, failed (with Retry) and empty states, the head row, and pages below when there are
 * more than one. `children` draws the rows of the page shown.
 */
export function SimpleTable<T>({
  rows,
  table,
  headers,
  emptyText,
  testId,
  minWidth = 900,
  children,
}: {
  rows: DataQuery<ListPage<T>>;
  table: { page: number; size: number; update: (changes: { page: number }) => void };
  headers: readonly string[];
  emptyText: string;
  testId: string;
  minWidth?: number;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil((rows.data?.total ?? 0) / table.size));
  return (
    <>
      <DataState query={rows} isEmpty={(data) => data.items.length === 0} emptyText={emptyText}>
        {(data) => (
          <Table.ScrollContainer minWidth={minWidth}>
            <Table striped data-testid={testId}>
              <Table.Thead>
                <Table.Tr>
                  {headers.map((header) => (
                    <Table.Th key={header}>{header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children(data.items)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DataState>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={table.page}
          onChange={(page) => table.update({ page })}
          getControlProps={(control) => ({ 'aria-label': t(`catalogs.table.pages.${control}`) })}
        />
      )}
    </>
  );
}
