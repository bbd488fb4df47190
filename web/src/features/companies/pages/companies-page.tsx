import { companies } from '@extranet/contract';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconPlus, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListSearch } from '../../../shared/ui/list-search';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedDataTable, useTableUrlState, useUrlSearch } from '../../../shared/ui/paged-table';
import { ShownFilter, useShownParam } from '../../../shared/ui/shown-filter';
import { useListCompanies } from '../api/list-companies';
import { CompanyStatusBadge } from '../components/company-status-badge';
import { RequireAdmin } from '../components/require-admin';

const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;

export function CompaniesPage() {
  return (
    <RequireAdmin>
      <CompaniesList />
    </RequireAdmin>
  );
}

/** The client companies, searchable by code and name; filters, page and sorting live in the URL. */
function CompaniesList() {
  const { t } = useTranslation();
  const table = useTableUrlState({
    orderings: companies.COMPANY_ORDERINGS,
    defaultSort: { key: 'name', direction: 'asc' },
  });
  const search = useUrlSearch(table);
  const [status, setStatus] = useShownParam(table, 'status', STATUS_FILTERS);

  const list = useListCompanies({
    filters: {
      ...(search.q ? { smart: search.q } : {}),
      ...(status === 'all' ? {} : { active: status === 'active' }),
    },
    ...table.pageRequest,
  });

  return (
    <Stack gap="md">
      <PageTitle
        title={t('companies.list.title')}
        description={t('companies.list.description')}
        actions={
          <Button component={Link} to="/companies/add" leftSection={<IconPlus size={18} aria-hidden />}>
            {t('companies.list.add')}
          </Button>
        }
      />
      <ListFilters
        label={t('companies.list.filters')}
        activeCount={status === 'all' ? 0 : 1}
        search={
          <ListSearch
            search={search}
            label={t('companies.list.search')}
            placeholder={t('companies.list.searchPlaceholder')}
            width={300}
          />
        }
      >
        <ShownFilter
          stacked
          label={t('companies.list.status')}
          value={status}
          onChange={setStatus}
          options={STATUS_FILTERS.map((value) => ({
            value,
            label: t(`companies.list.statusFilter.${value}`),
          }))}
        />
      </ListFilters>
      <PagedDataTable<companies.CompanyItem>
        table={table}
        rows={list}
        idAccessor="company_id"
        noRecordsText={t('companies.list.empty')}
        tableId="companies"
        pinnedColumns={2}
        cardTitle={(row) => (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Anchor component={Link} to={`/companies/${row.company_id}`} fw={600}>
              {row.name}
            </Anchor>
            <CompanyStatusBadge active={row.active} />
          </Group>
        )}
        cardTitleColumns={['name', 'active']}
        columns={[
          { accessor: 'code', title: t('companies.fields.code'), sortable: true, noWrap: true },
          {
            accessor: 'name',
            title: t('companies.fields.name'),
            sortable: true,
            render: (row) => (
              <Anchor component={Link} to={`/companies/${row.company_id}`}>
                {row.name}
              </Anchor>
            ),
          },
          {
            accessor: 'active',
            title: t('companies.list.columns.status'),
            noWrap: true,
            render: (row) => (
              <Group gap={6} wrap="nowrap">
                <CompanyStatusBadge active={row.active} />
                {row.second_factor_required && (
                  <IconShieldLock
                    size={18}
                    aria-label={t('companies.list.secondFactorRequired')}
                    role="img"
                  />
                )}
              </Group>
            ),
          },
          { accessor: 'users', title: t('companies.list.columns.users'), textAlign: 'right', width: 110 },
          {
            accessor: 'consignees',
            title: t('companies.list.columns.consignees'),
            textAlign: 'right',
            width: 130,
          },
        ]}
      />
    </Stack>
  );
}
