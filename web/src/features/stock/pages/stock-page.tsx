import { stock } from '@extranet/contract';
import { Badge, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../../../shared/api';
import { formatIsoDate } from '../../../shared/catalogs/format';
import { consigneeSource, skuSource } from '../../../shared/catalogs/sources';
import { formatNumber } from '../../../shared/i18n/numbers';
import { stockStatusName } from '../../../shared/messages/warehouse-status';
import { ExportMenu } from '../../../shared/ui/export-menu';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListSearch } from '../../../shared/ui/list-search';
import { PageTitle } from '../../../shared/ui/page-title';
import {
  type ListColumn,
  PagedDataTable,
  positiveInt,
  useTableUrlState,
  useUrlSearch,
} from '../../../shared/ui/paged-table';
import { PrintButton, PrintNote } from '../../../shared/ui/print-button';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { useListStocks } from '../api/list-stocks';

type Row = stock.StockRow;

/** SPEC.md §9: stock_table columns are resizable between 50 and 300 pixels. */
export const STOCK_TABLE_ID = 'stock_table';
const COLUMN_WIDTHS = { min: 50, max: 300 };

const STATUS_COLORS: Record<string, string> = { AV: 'green', QC: 'yellow', BL: 'red' };

function StatusBadge({ status }: { status: Row['status'] }) {
  const { t } = useTranslation();
  const name = stockStatusName(t, status);
  if (!name) {
    return (
      <Badge color="gray" variant="dot" tt="none">
        {t('stock.unknownStatus')}
      </Badge>
    );
  }
  return (
    <Badge
      color={STATUS_COLORS[status.code ?? ''] ?? 'blue'}
      variant="dot"
      tt="none"
      maw="100%"
      h="auto"
      // A long status name ("Контроль качества") wraps inside its column instead of being cut.
      styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3, paddingBlock: 2 } }}
    >
      {name}
    </Badge>
  );
}

export function StockPage() {
  return (
    <RequirePermission anyOf={['stck']}>
      <StockTable />
    </RequirePermission>
  );
}

function StockTable() {
  const { t } = useTranslation();
  const table = useTableUrlState({
    orderings: stock.STOCK_ORDERINGS,
    defaultSort: { key: 'sku_name', direction: 'asc' },
  });
  const { params, update } = table;
  const consignee = positiveInt(params.get('consignee'));
  const sku = positiveInt(params.get('sku'));
  const search = useUrlSearch(table);

  const request: stock.ListStocksRequest = {
    filters: {
      ...(consignee ? { consignee_id: consignee } : {}),
      ...(sku ? { sku_id: sku } : {}),
      ...(search.q ? { smart: search.q } : {}),
    },
    ...table.pageRequest,
  };
  const rows = useListStocks(request);

  const columns = useMemo<ListColumn<Row>[]>(() => {
    const all: ListColumn<Row>[] = [
      {
        accessor: 'business_line',
        title: t('stock.columns.businessLine'),
        render: (row) => row.business_line.name,
        width: 130,
        defaultHidden: true,
      },
      {
        accessor: 'consignee',
        title: t('stock.columns.consignee'),
        render: (row) => row.consignee.name,
        width: 140,
      },
      {
        accessor: 'sku_code',
        title: t('stock.columns.skuCode'),
        render: (row) => row.sku.external_code,
        textAlign: 'right',
        width: 110,
      },
      {
        accessor: 'sku_name',
        title: t('stock.columns.skuName'),
        render: (row) => row.sku.name,
        sortable: true,
        width: 200,
      },
      {
        accessor: 'status',
        title: t('stock.columns.status'),
        render: (row) => <StatusBadge status={row.status} />,
        sortable: true,
        width: 150,
      },
      {
        accessor: 'qty',
        title: t('stock.columns.qty'),
        render: (row) => formatNumber(row.qty),
        textAlign: 'right',
        width: 90,
      },
      { accessor: 'uom', title: t('stock.columns.uom'), render: (row) => row.uom.name, width: 70 },
      {
        accessor: 'expiry_date',
        title: t('stock.columns.expiryDate'),
        render: (row) => formatIsoDate(row.expiry_date),
        sortable: true,
        width: 120,
      },
      { accessor: 'batch', title: t('stock.columns.batch'), width: 110 },
      {
        accessor: 'mfg_date',
        title: t('stock.columns.mfgDate'),
        render: (row) => formatIsoDate(row.mfg_date),
        sortable: true,
        width: 130,
        defaultHidden: true,
      },
      {
        accessor: 'warehouse',
        title: t('stock.columns.location'),
        render: (row) => row.warehouse.name,
        width: 130,
      },
      { accessor: 'sscc', title: t('stock.columns.sscc'), width: 180, defaultHidden: true },
      { accessor: 'size', title: t('stock.columns.size'), width: 90, defaultHidden: true },
    ];
    return all.map((column) => ({ ...column, resizable: true }));
  }, [t]);
  return (
    <Stack gap="md" data-print-page="landscape">
      <PageTitle
        title={t('stock.title')}
        actions={
          <>
            <RefreshButton onRefresh={() => rows.refetch()} loading={rows.isFetching} />
            <PrintButton />
            <ExportMenu
              choices={[
                {
                  label: t('common.export.stock'),
                  download: (file) =>
                    downloadExport(stock.exportStocks, {
                      filters: request.filters,
                      ordering: request.ordering,
                      ...file,
                    }),
                },
              ]}
            />
          </>
        }
      />

      <ListFilters
        label={t('stock.filters')}
        activeCount={[consignee, sku].filter(Boolean).length}
        search={
          <ListSearch
            search={search}
            label={t('stock.search')}
            placeholder={t('stock.searchPlaceholder')}
            width={280}
          />
        }
      >
        <RemoteSelect
          source={consigneeSource}
          label={t('catalogs.consignee')}
          placeholder={t('stock.allConsignees')}
          value={consignee}
          // A SKU of another consignee would hide every row: the SKU filter goes with it.
          onChange={(value) => update({ consignee: value, sku: null })}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        <RemoteSelect
          source={skuSource}
          filters={consignee ? { consignee_id: consignee } : {}}
          label={t('catalogs.sku')}
          placeholder={t('stock.allSkus')}
          value={sku}
          onChange={(value) => update({ sku: value })}
          clearable
          w={{ base: '100%', sm: 300 }}
        />
      </ListFilters>

      <PrintNote caption={t('stock.printTitle', { page: table.page })} />
      <PagedDataTable<Row>
        id={STOCK_TABLE_ID}
        storeColumnsKey={STOCK_TABLE_ID}
        columnWidths={COLUMN_WIDTHS}
        table={table}
        rows={rows}
        withColumnBorders
        idAccessor="stock_id"
        noRecordsText={t('stock.empty')}
        tableId="stock"
        pinnedColumns={2}
        cardTitle={(row) => (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <span>
              {row.sku.external_code} · {row.sku.name}
            </span>
            <StatusBadge status={row.status} />
          </Group>
        )}
        cardTitleColumns={['sku_code', 'sku_name', 'status']}
        columns={columns}
      />
    </Stack>
  );
}
