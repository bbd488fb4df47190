import { auth } from '@extranet/contract';
import { ActionIcon, Anchor, Button, Group, Stack } from '@mantine/core';
import { IconUserCircle, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadExport } from '../../../shared/api';
import { ExportMenu } from '../../../shared/ui/export-menu';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListSearch } from '../../../shared/ui/list-search';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedDataTable, positiveInt, useTableUrlState, useUrlSearch } from '../../../shared/ui/paged-table';
import { useListUsers } from '../api/list-users';
import { CompanySelect } from '../components/company-picker';
import { RequireUserManagement } from '../components/require-user-management';
import { RoleSelect } from '../components/role-select';
import { useAccessLabels } from '../components/use-access-labels';
import { UserStatusBadge } from '../components/user-status-badge';

type Row = auth.UserRow;

export function UsersPage() {
  return (
    <RequireUserManagement>
      <UsersList />
    </RequireUserManagement>
  );
}

/** SPEC.md §2 'Users list'; its filters, page, size and sorting live in the URL. */
function UsersList() {
  const { t } = useTranslation();
  const { roleName } = useAccessLabels();
  const table = useTableUrlState({
    orderings: auth.USER_ORDERINGS,
    defaultSort: { key: 'username', direction: 'asc' },
  });
  const role = positiveInt(table.params.get('role'));
  const company = positiveInt(table.params.get('company'));
  const search = useUrlSearch(table);

  const filters = {
    ...(role ? { role_id: role } : {}),
    ...(company ? { company_id: company } : {}),
    ...(search.q ? { smart: search.q } : {}),
  };
  const users = useListUsers({
    filters,
    ...table.pageRequest,
  });

  return (
    <Stack gap="md">
      <PageTitle
        title={t('auth.users.list.title')}
        actions={
          <>
            <ExportMenu
              choices={[
                {
                  label: t('common.export.users'),
                  download: (file) =>
                    downloadExport(auth.exportUsers, { filters, ordering: table.ordering, ...file }),
                },
              ]}
            />
            <Button
              component={Link}
              to="/auth/users/add"
              leftSection={<IconUserPlus size={18} aria-hidden />}
            >
              {t('auth.users.list.newUser')}
            </Button>
          </>
        }
      />

      <ListFilters
        label={t('auth.users.list.filters')}
        activeCount={[role, company].filter(Boolean).length}
        search={
          <ListSearch
            search={search}
            label={t('auth.users.list.search')}
            placeholder={t('auth.users.list.searchPlaceholder')}
            width={260}
          />
        }
      >
        <RoleSelect
          view
          label={t('auth.users.fields.role')}
          placeholder={t('auth.users.list.allRoles')}
          value={role}
          onChange={(next) => table.update({ role: next })}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        <CompanySelect
          label={t('auth.users.list.company')}
          placeholder={t('auth.users.list.allCompanies')}
          value={company}
          onChange={(next) => table.update({ company: next })}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
      </ListFilters>

      <PagedDataTable<Row>
        table={table}
        rows={users}
        idAccessor="user_id"
        noRecordsText={t('auth.users.list.empty')}
        tableId="users"
        pinnedColumns={2}
        cardTitle={(row) => (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Anchor component={Link} to={`/auth/users/profile/${row.user_id}`} fw={600}>
              {row.username}
            </Anchor>
            <UserStatusBadge excluded={row.excluded} />
          </Group>
        )}
        cardTitleColumns={['username', 'excluded']}
        columns={[
          {
            accessor: 'profile',
            title: t('auth.users.list.columns.profile'),
            textAlign: 'center',
            noWrap: true,
            render: (row) => (
              <ActionIcon
                component={Link}
                to={`/auth/users/profile/${row.user_id}`}
                variant="subtle"
                aria-label={t('auth.users.list.openProfile', { name: row.username })}
              >
                <IconUserCircle size={20} aria-hidden />
              </ActionIcon>
            ),
          },
          { accessor: 'user_id', title: '#', sortable: true, width: 70, textAlign: 'right' },
          { accessor: 'username', title: t('auth.users.list.columns.login'), sortable: true },
          { accessor: 'fio', title: t('auth.users.fields.fio'), sortable: true },
          { accessor: 'email', title: t('auth.users.fields.email'), sortable: true },
          {
            accessor: 'role',
            title: t('auth.users.fields.role'),
            sortable: true,
            render: (row) => roleName(row.role),
          },
          {
            accessor: 'excluded',
            title: t('auth.users.list.columns.status'),
            noWrap: true,
            render: (row) => <UserStatusBadge excluded={row.excluded} />,
          },
        ]}
      />
    </Stack>
  );
}
