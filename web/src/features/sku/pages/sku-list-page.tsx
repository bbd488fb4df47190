import { sku } from '@extranet/contract';
import { ActionIcon, Anchor, Stack, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadExport } from '../../../shared/api';
import { consigneeSource } from '../../../shared/catalogs/sources';
import { ExportMenu } from '../../../shared/ui/export-menu';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListSearch } from '../../../shared/ui/list-search';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedDataTable, positiveInt, useTableUrlState, useUrlSearch } from '../../../shared/ui/paged-table';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { useListSku } from '../api/list-sku';
import { skuPaths } from '../components/paths';

type Row = sku.SkuRow;

export const SKU_TABLE_ID = 'sku_table';

export function SkuListPage() {
  return (
    <RequirePermission anyOf={['stck', 'cmgr']}>
      <SkuList />
    </RequirePermission>
  );
}

function SkuList() {
  const { t } = useTranslation();
  const table = useTableUrlState({
    orderings: sku.SKU_ORDERINGS,
    defaultSort: { key: 'name', direction: 'asc' },
  });
  const { params, update } = table;
  const consignee = positiveInt(params.get('consignee'));
  const search = useUrlSearch(table);

  const request: sku.ListSkuRequest = {
    filters: {
      ...(consignee ? { consignee_id: consignee } : {}),
      ...(search.q ? { smart: search.q } : {}),
    },
    ...table.pageRequest,
  };
  const rows = useListSku(request);

  return (
    <Stack gap="md">
      <PageTitle
        title={t('sku.list.title')}
        actions={
          <>
            <RefreshButton onRefresh={() => rows.refetch()} loading={rows.isFetching} />
            <ExportMenu
              choices={[
                {
                  label: t('common.export.sku'),
                  download: (file) =>
                    downloadExport(sku.exportSku, {
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
        label={t('sku.list.filters')}
        activeCount={consignee ? 1 : 0}
        search={
          <ListSearch
            search={search}
            label={t('sku.list.search')}
            placeholder={t('sku.list.searchPlaceholder')}
            width={280}
          />
        }
      >
        <RemoteSelect
          source={consigneeSource}
          label={t('catalogs.consignee')}
          placeholder={t('sku.list.allConsignees')}
          value={consignee}
          onChange={(value) => update({ consignee: value })}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
      </ListFilters>

      <PagedDataTable<Row>
        id={SKU_TABLE_ID}
        table={table}
        rows={rows}
        idAccessor="sku_id"
        noRecordsText={t('sku.list.empty')}
        tableId="sku"
        pinnedColumns={2}
        cardTitle={(row) => (
          <Anchor component={Link} to={skuPaths.view(row.sku_id)} fw={600}>
            {row.name}
          </Anchor>
        )}
        cardTitleColumns={['name']}
        columns={[
          {
            accessor: 'view',
            title: <VisuallyHidden>{t('sku.list.viewColumn')}</VisuallyHidden>,
            width: 60,
            textAlign: 'center',
            render: (row) => (
              <ActionIcon
                component={Link}
                to={skuPaths.view(row.sku_id)}
                variant="subtle"
                aria-label={t('sku.list.open', { name: row.name })}
              >
                <IconEye size={18} aria-hidden />
              </ActionIcon>
            ),
          },
          {
            accessor: 'sku_id',
            title: t('sku.fields.skuId'),
            sortable: true,
            width: 100,
            textAlign: 'right',
          },
          {
            accessor: 'business_line',
            title: t('sku.fields.businessLine'),
            render: (row) => row.business_line.name,
          },
          { accessor: 'name', title: t('sku.fields.name'), sortable: true },
          { accessor: 'consignee', title: t('sku.fields.consignee'), render: (row) => row.consignee.name },
          { accessor: 'external_code', title: t('sku.fields.externalCode'), sortable: true },
        ]}
      />
    </Stack>
  );
}
