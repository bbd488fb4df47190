import { discussions } from '@extranet/contract';
import { Button, Stack, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { companySource } from '../../../shared/catalogs/sources';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListSearch } from '../../../shared/ui/list-search';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedDataTable, positiveInt, useTableUrlState, useUrlSearch } from '../../../shared/ui/paged-table';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import type { Visibility } from '../api/keys';
import { useListDiscussions } from '../api/list-discussions';
import { DiscussionNameLink } from '../components/discussion-name-link';
import { isVisibility, readStoredTab, storeTab } from '../components/discussion-tab';
import { discussionPaths } from '../components/paths';

type Row = discussions.DiscussionRow;

/** SPEC.md §2 'Discussions list': three tabs, company and name filters, newest changes first. */
export function DiscussionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useTableUrlState({
    orderings: discussions.DISCUSSION_ORDERINGS,
    defaultSort: { key: 'modification_date', direction: 'desc' },
  });
  const urlTab = table.params.get('tab');
  const tab: Visibility = isVisibility(urlTab) ? urlTab : readStoredTab();
  const company = positiveInt(table.params.get('company'));
  const search = useUrlSearch(table);

  useEffect(() => storeTab(tab), [tab]);

  const request: discussions.ListDiscussionsRequest = {
    filters: { ...(company ? { company_id: company } : {}), ...(search.q ? { smart: search.q } : {}) },
    ...table.pageRequest,
  };
  const list = useListDiscussions(tab, request);

  return (
    <Stack gap="md">
      <PageTitle
        title={t('discussions.list.title')}
        actions={
          <>
            <RefreshButton
              onRefresh={() => list.refetch()}
              loading={list.isFetching}
              label={t('discussions.list.refresh')}
            />
            <Button
              component={Link}
              to={discussionPaths.add(tab)}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('discussions.list.new')}
            </Button>
          </>
        }
      />

      <Tabs
        value={tab}
        onChange={(value) => isVisibility(value) && table.update({ tab: value })}
        keepMounted={false}
      >
        <Tabs.List>
          {discussions.VISIBILITIES.map((visibility) => (
            <Tabs.Tab key={visibility} value={visibility}>
              {t(`discussions.visibility.${visibility}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {discussions.VISIBILITIES.map((visibility) => (
          <Tabs.Panel key={visibility} value={visibility} pt="md">
            <Stack gap="md">
              <ListFilters
                label={t('discussions.list.filters')}
                activeCount={company ? 1 : 0}
                search={
                  <ListSearch
                    search={search}
                    label={t('discussions.list.search')}
                    placeholder={t('discussions.list.searchPlaceholder')}
                    width={260}
                  />
                }
              >
                <RemoteSelect
                  source={companySource}
                  label={t('discussions.fields.company')}
                  placeholder={t('discussions.list.allCompanies')}
                  value={company}
                  onChange={(value) => table.update({ company: value })}
                  clearable
                  w={{ base: '100%', sm: 260 }}
                />
              </ListFilters>
              <PagedDataTable<Row>
                table={table}
                rows={list}
                idAccessor="discussion_id"
                noRecordsText={t('discussions.list.empty')}
                tableId="discussions"
                cardTitle={(row) => <DiscussionNameLink row={row} />}
                cardTitleColumns={['name']}
                onRowClick={({ record }) => navigate(discussionPaths.view(record.discussion_id))}
                columns={[
                  {
                    accessor: 'company',
                    title: t('discussions.fields.company'),
                    render: (row) => row.company.name,
                  },
                  {
                    accessor: 'name',
                    title: t('discussions.fields.name'),
                    render: (row) => <DiscussionNameLink row={row} />,
                  },
                  {
                    accessor: 'modification_date',
                    title: t('discussions.list.modified'),
                    sortable: true,
                    width: 180,
                    render: (row) => dayjs(row.modification_date).format('DD.MM.YYYY HH:mm'),
                  },
                ]}
              />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
