import { orders } from '@extranet/contract';
import { ActionIcon, Button, Checkbox, Group, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconEye, IconPlus, IconRefresh, IconRotateClockwise, IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import type { ListOrdersRequest, OrderKind, OrderRow } from '../api/keys';
import { useListOrders } from '../api/list-orders';
import { useResetAllFailures } from '../api/reset-all-failures';
import { useResetFailure } from '../api/reset-failure';
import { consigneeSource, customerSource, vendorSource } from '../api/sources';
import { DateField } from '../components/date-field';
import { formatDateTime } from '../components/format';
import { OrderStatusBadge } from '../components/order-status-badge';
import { orderPaths, positiveInt } from '../components/paths';

type SortKey = orders.OrderOrdering;
type Row = OrderRow;

const PAGE_SIZES = [10, 20, 50];
/** Templates have their own checkbox; the other progress values can be filtered on. */
const LISTED_PROGRESS = orders.ORDER_PROGRESS.filter((progress) => progress !== 'template');
const SEARCH_DELAY_MS = 250;
const DEFAULT_SORT: DataTableSortStatus<Row> = { columnAccessor: 'creation_date', direction: 'desc' };

function isSortKey(value: string): value is SortKey {
  return (orders.ORDER_ORDERINGS as readonly string[]).includes(value);
}

function isProgress(value: string | null): value is orders.OrderProgress {
  return value !== null && (orders.ORDER_PROGRESS as readonly string[]).includes(value);
}

const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The list's state lives in the URL (consignee, party, q, from, to, template, progress, page,
 * size, sort), so a reload, a dashboard slice or a shared link shows the same list.
 */
function useListState() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort') ?? '';
  const sortKey = sortParam.replace(/^-/, '');
  const sort: DataTableSortStatus<Row> = isSortKey(sortKey)
    ? { columnAccessor: sortKey, direction: sortParam.startsWith('-') ? 'desc' : 'asc' }
    : DEFAULT_SORT;
  const size = positiveInt(params.get('size'));
  const progress = params.get('progress');
  const state = {
    consignee: positiveInt(params.get('consignee')),
    party: positiveInt(params.get('party')),
    q: params.get('q') ?? '',
    from: isDate(params.get('from')) ? params.get('from') : null,
    to: isDate(params.get('to')) ? params.get('to') : null,
    template: params.get('template') === '1',
    progress: isProgress(progress) ? progress : null,
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
  return { state, update, reset: () => setParams(new URLSearchParams()) };
}

export function OrdersListPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const { state, update } = useListState();
  const [search, setSearch] = useState(state.q);
  const resetAll = useResetAllFailures(kind);
  const resetOne = useResetFailure(kind);
  const purch = kind === 'purch';

  // The URL may change on its own (back, a link): the search box follows it.
  useEffect(() => setSearch(state.q), [state.q]);
  const pushSearch = useDebouncedCallback((value: string) => update({ q: value.trim() }, { replace: true }), {
    delay: SEARCH_DELAY_MS,
  });

  const request = useMemo(
    () =>
      ({
        filters: {
          ...(state.consignee ? { consignee_id: state.consignee } : {}),
          ...(state.party ? { [purch ? 'vendor_id' : 'customer_id']: state.party } : {}),
          ...(state.q ? { smart: state.q } : {}),
          ...(state.from ? { creation_date_from: state.from } : {}),
          ...(state.to ? { creation_date_to: state.to } : {}),
          ...(state.progress ? { progress: state.progress } : {}),
          is_template: state.template,
        },
        page: state.page - 1,
        count: state.size,
        ordering: `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.columnAccessor as SortKey}`,
        with_total: true,
      }) as ListOrdersRequest,
    [
      purch,
      state.consignee,
      state.party,
      state.q,
      state.from,
      state.to,
      state.progress,
      state.template,
      state.page,
      state.size,
      state.sort.columnAccessor,
      state.sort.direction,
    ],
  );
  const list = useListOrders(kind, request);

  const onResetAll = () =>
    resetAll.mutate(undefined, {
      onSuccess: (result) =>
        notifySuccess(t('orders.list.resetAllDone', { count: (result as { count: number }).count })),
      onError: notifyApiError,
    });
  const onResetOne = (row: Row) =>
    resetOne.mutate(row.head_id, {
      onSuccess: () =>
        notifySuccess(t('orders.list.resetDone', { code: row.external_code ?? `#${row.head_id}` })),
      onError: notifyApiError,
    });

  const partyLabel = purch ? t('orders.fields.vendor') : t('orders.fields.customer');

  return (
    <Stack gap="md">
      <PageTitle
        title={t(`orders.list.title.${kind}`)}
        actions={
          <>
            <Tooltip label={t('common.refresh')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('common.refresh')}
                onClick={() => void list.refetch()}
                loading={list.isFetching}
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Button
              variant="default"
              leftSection={<IconRotateClockwise size={18} aria-hidden />}
              onClick={onResetAll}
              loading={resetAll.isPending}
            >
              {t('orders.list.resetAll')}
            </Button>
            <Button
              component={Link}
              to={orderPaths.add(kind)}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('orders.list.new')}
            </Button>
          </>
        }
      />

      <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t('orders.list.filters')}>
        <RemoteSelect
          source={consigneeSource}
          label={t('orders.fields.consignee')}
          placeholder={t('orders.list.all')}
          value={state.consignee}
          onChange={(consignee) => update({ consignee, party: null })}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
        {purch ? (
          <RemoteSelect
            source={vendorSource}
            filters={state.consignee ? { consignee_id: state.consignee } : {}}
            label={partyLabel}
            placeholder={t('orders.list.all')}
            value={state.party}
            onChange={(party) => update({ party })}
            clearable
            w={{ base: '100%', sm: 220 }}
          />
        ) : (
          <RemoteSelect
            source={customerSource}
            filters={state.consignee ? { consignee_id: state.consignee } : {}}
            label={partyLabel}
            placeholder={t('orders.list.all')}
            value={state.party}
            onChange={(party) => update({ party })}
            clearable
            w={{ base: '100%', sm: 220 }}
          />
        )}
        <TextInput
          label={t('orders.list.search')}
          placeholder={t('orders.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            pushSearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 220 }}
          type="search"
        />
        <Select
          label={t('orders.fields.status')}
          placeholder={t('orders.list.all')}
          data={LISTED_PROGRESS.map((progress) => ({
            value: progress,
            label: t(`orders.progress.${progress}`),
          }))}
          value={state.progress}
          onChange={(progress) => update({ progress })}
          clearable
          w={{ base: '100%', sm: 170 }}
        />
        <DateField
          label={t('orders.list.createdFrom')}
          value={state.from}
          onChange={(from) => update({ from })}
          clearable
          w={{ base: '100%', sm: 150 }}
        />
        <DateField
          label={t('orders.list.createdTo')}
          value={state.to}
          onChange={(to) => update({ to })}
          clearable
          w={{ base: '100%', sm: 150 }}
        />
        <Checkbox
          label={t('orders.list.templates')}
          checked={state.template}
          onChange={(event) => update({ template: event.currentTarget.checked ? 1 : null })}
          mb={8}
        />
      </Group>

      <DataTable<Row>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={list.data?.items.length ? undefined : 180}
        records={(list.data?.items ?? []) as Row[]}
        idAccessor="head_id"
        fetching={list.isFetching}
        noRecordsText={t('orders.list.empty')}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={state.size}
        page={state.page}
        onPageChange={(page) => update({ page })}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => update({ size })}
        recordsPerPageLabel={t('orders.list.perPage')}
        paginationText={({ from, to, totalRecords }) =>
          t('orders.list.range', { from, to, total: totalRecords })
        }
        getPaginationControlProps={(control) => ({ 'aria-label': t(`orders.list.pages.${control}`) })}
        sortStatus={state.sort}
        onSortStatusChange={(sort) =>
          update({ sort: `${sort.direction === 'desc' ? '-' : ''}${String(sort.columnAccessor)}` })
        }
        columns={[
          {
            accessor: 'view',
            title: t('orders.list.columns.view'),
            width: 70,
            textAlign: 'center',
            render: (row) => (
              <ActionIcon
                component={Link}
                to={orderPaths.view(kind, row.head_id)}
                variant="subtle"
                aria-label={t('orders.list.open', { code: row.external_code ?? `#${row.head_id}` })}
              >
                <IconEye size={20} aria-hidden />
              </ActionIcon>
            ),
          },
          {
            accessor: 'external_code',
            title: t('orders.fields.externalCode'),
            render: (row) => row.external_code ?? `#${row.head_id}`,
          },
          {
            accessor: 'status',
            title: t('orders.fields.status'),
            sortable: true,
            render: (row) => (
              <Group gap={4} wrap="nowrap">
                <OrderStatusBadge progress={row.progress} status={row.status} />
                {row.progress === 'failure' && (
                  <Tooltip label={row.failure_reason ?? t('orders.actions.resetFailure')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t('orders.list.resetOne', { code: row.external_code ?? `#${row.head_id}` })}
                      onClick={() => onResetOne(row)}
                      loading={resetOne.isPending && resetOne.variables === row.head_id}
                    >
                      <IconRotateClockwise size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ),
          },
          {
            accessor: 'business_line',
            title: t('orders.fields.businessLine'),
            render: (row) => row.consignee.business_line.name,
          },
          { accessor: 'consignee', title: t('orders.fields.consignee'), render: (row) => row.consignee.name },
          {
            accessor: 'party',
            title: partyLabel,
            render: (row) => {
              const party = 'vendor' in row ? row.vendor : row.customer;
              return party?.name ?? '';
            },
          },
          {
            accessor: 'creation_date',
            title: t('orders.fields.creationDate'),
            sortable: true,
            render: (row) => formatDateTime(row.creation_date),
          },
          {
            accessor: 'is_return',
            title: t('orders.fields.isReturn'),
            textAlign: 'center',
            render: (row) => (row.is_return ? t('orders.list.yes') : ''),
          },
        ]}
      />
    </Stack>
  );
}
