import { auth } from '@extranet/contract';
import { ActionIcon, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconUserCircle, IconUserPlus } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useListUsers } from '../api/list-users';
import { CompanySelect } from '../components/company-picker';
import { RequireUserManagement } from '../components/require-user-management';
import { RoleSelect } from '../components/role-select';
import { useAccessLabels } from '../components/use-access-labels';
import { PICKER_SEARCH_DELAY_MS } from '../components/use-company-options';
import { UserStatusBadge } from '../components/user-status-badge';

type SortKey = (typeof auth.USER_ORDERINGS)[number];
type Row = auth.UserRow;

const PAGE_SIZES = [10, 20, 50];
const DEFAULT_SORT: DataTableSortStatus<Row> = { columnAccessor: 'username', direction: 'asc' };

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

function isSortKey(value: string): value is SortKey {
  return (auth.USER_ORDERINGS as readonly string[]).includes(value);
}

/**
 * The list's state lives in the URL (role, company, q, page, size, sort), so a reload or a shared
 * link shows the same list.
 */
function useListState() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort') ?? '';
  const sortKey = sortParam.replace(/^-/, '');
  const sort: DataTableSortStatus<Row> = isSortKey(sortKey)
    ? { columnAccessor: sortKey, direction: sortParam.startsWith('-') ? 'desc' : 'asc' }
    : DEFAULT_SORT;
  const size = positiveInt(params.get('size'));
  const state = {
    role: positiveInt(params.get('role')),
    company: positiveInt(params.get('company')),
    q: params.get('q') ?? '',
    page: positiveInt(params.get('page')) ?? 1,
    size: size && PAGE_SIZES.includes(size) ? size : (PAGE_SIZES[0] as number),
    sort,
  };

  const update = (changes: Record<string, string | number | null>, options: { replace?: boolean } = {}) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        // Another filter, sorting or page size starts again from the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: options.replace },
    );
  };
  return { state, update };
}

export function UsersPage() {
  return (
    <RequireUserManagement>
      <UsersList />
    </RequireUserManagement>
  );
}

function UsersList() {
  const { t } = useTranslation();
  const { roleName } = useAccessLabels();
  const { state, update } = useListState();
  const [search, setSearch] = useState(state.q);

  // The URL may change on its own (back, a link): the search box follows it.
  useEffect(() => setSearch(state.q), [state.q]);
  const pushSearch = useDebouncedCallback((value: string) => update({ q: value.trim() }, { replace: true }), {
    delay: PICKER_SEARCH_DELAY_MS,
  });

  const request = useMemo<auth.ListUsersRequest>(
    () => ({
      filters: {
        ...(state.role ? { role_id: state.role } : {}),
        ...(state.company ? { company_id: state.company } : {}),
        ...(state.q ? { smart: state.q } : {}),
      },
      page: state.page - 1,
      count: state.size,
      ordering: `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.columnAccessor as SortKey}`,
      with_total: true,
    }),
    [
      state.role,
      state.company,
      state.q,
      state.page,
      state.size,
      state.sort.columnAccessor,
      state.sort.direction,
    ],
  );
  const users = useListUsers(request);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2}>{t('auth.users.list.title')}</Title>
        <Button component={Link} to="/auth/users/add" leftSection={<IconUserPlus size={18} aria-hidden />}>
          {t('auth.users.list.newUser')}
        </Button>
      </Group>

      <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t('auth.users.list.filters')}>
        <TextInput
          label={t('auth.users.list.search')}
          placeholder={t('auth.users.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            pushSearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 260 }}
          type="search"
        />
        <RoleSelect
          view
          label={t('auth.users.fields.role')}
          placeholder={t('auth.users.list.allRoles')}
          value={state.role}
          onChange={(role) => update({ role })}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        <CompanySelect
          label={t('auth.users.list.company')}
          placeholder={t('auth.users.list.allCompanies')}
          value={state.company}
          onChange={(company) => update({ company })}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
      </Group>

      <DataTable<Row>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={users.data?.items.length ? undefined : 180}
        records={users.data?.items ?? []}
        idAccessor="user_id"
        fetching={users.isFetching}
        noRecordsText={t('auth.users.list.empty')}
        totalRecords={users.data?.total ?? 0}
        recordsPerPage={state.size}
        page={state.page}
        onPageChange={(page) => update({ page })}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => update({ size })}
        recordsPerPageLabel={t('auth.users.list.perPage')}
        paginationText={({ from, to, totalRecords }) =>
          t('auth.users.list.range', { from, to, total: totalRecords })
        }
        getPaginationControlProps={(control) => ({ 'aria-label': t(`auth.users.list.pages.${control}`) })}
        sortStatus={state.sort}
        onSortStatusChange={(sort) =>
          update({ sort: `${sort.direction === 'desc' ? '-' : ''}${String(sort.columnAccessor)}` })
        }
        columns={[
          {
            accessor: 'profile',
            title: t('auth.users.list.columns.profile'),
            width: 80,
            textAlign: 'center',
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
            render: (row) => <UserStatusBadge excluded={row.excluded} />,
          },
        ]}
      />
    </Stack>
  );
}
