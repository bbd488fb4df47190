import { Box, Group, Pagination, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type DataTableColumn, type DataTableProps, getRecordId, getValueAtPath } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../data-state';
import { type ListColumn, type ListPage, shownTotal } from './list-page';
import type { TableUrlState } from './use-url-list-state';

/** A cell's content as the table shows it: the column's render, or the row's value. */
function cellOf<T>(column: DataTableColumn<T>, row: T, index: number): ReactNode {
  const value = column.render ? column.render(row, index) : getValueAtPath(row, String(column.accessor));
  return value === null || value === undefined || value === '' ? '—' : (value as ReactNode);
}

/** The page as cards on a phone: each row's head, then its shown columns as label and value. */
export function ListCards<T>({
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
