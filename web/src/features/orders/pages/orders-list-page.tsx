import { orders } from '@extranet/contract';
import { ActionIcon, Anchor, Button, Checkbox, Group, Select, Stack, Tooltip } from '@mantine/core';
import { IconEye, IconPlus, IconRotateClockwise, IconUpload } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { downloadExport } from '../../../shared/api';
import { failureReason } from '../../../shared/messages/failure-reason';
import { confirmAction } from '../../../shared/ui/confirm';
import { ExportMenu } from '../../../shared/ui/export-menu';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListSearch } from '../../../shared/ui/list-search';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedDataTable, positiveInt, useTableUrlState, useUrlSearch } from '../../../shared/ui/paged-table';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import { type ListOrdersRequest, type OrderKind, type OrderRow, orderCalls } from '../api/keys';
import { listOrders, useListOrders } from '../api/list-orders';
import { useResetAllFailures } from '../api/reset-all-failures';
import { useResetFailure } from '../api/reset-failure';
import { consigneeSource, customerSource, vendorSource } from '../api/sources';
import { DateField, isDateValue } from '../components/date-field';
import { formatDateTime, orderCode } from '../components/format';
import { ManyOrdersOutcome, type ManyOrdersOutcomeValue } from '../components/many-orders-outcome';
import { useOrderSelection } from '../components/order-selection';
import { OrderSelectionBar } from '../components/order-selection-bar';
import { OrderStatusBadge } from '../components/order-status-badge';
import { orderPaths } from '../components/paths';
import { SelectionPrint } from '../components/selection-print';

type Row = OrderRow;

const PAGE_SIZES = [10, 20, 50];
/** Templates have their own checkbox; the other progress values can be filtered on. */
const LISTED_PROGRESS = orders.ORDER_PROGRESS.filter((progress) => progress !== 'template');

function isProgress(value: string | null): value is orders.OrderProgress {
  return value !== null && (orders.ORDER_PROGRESS as readonly string[]).includes(value);
}

const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The list's state lives in the URL (consignee, party, q, from, to, template, progress, untracked,
 * page, size, sort), so a reload, a dashboard slice or a shared link shows the same list.
 */
function useListState() {
  const table = useTableUrlState({
    orderings: orders.ORDER_ORDERINGS,
    defaultSort: { key: 'creation_date', direction: 'desc' },
    pageSizes: PAGE_SIZES,
  });
  const { params } = table;
  const search = useUrlSearch(table);
  const progress = params.get('progress');
  const state = {
    consignee: positiveInt(params.get('consignee')),
    party: positiveInt(params.get('party')),
    q: search.q,
    from: isDate(params.get('from')) ? params.get('from') : null,
    to: isDate(params.get('to')) ? params.get('to') : null,
    template: params.get('template') === '1',
    progress: isProgress(progress) ? progress : null,
    /** Sales orders shipped without a tracking number. */
    untracked: params.get('untracked') === '1',
  };
  return { table, state, search, update: table.update };
}

export function OrdersListPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { table, state, search, update } = useListState();
  const resetAll = useResetAllFailures(kind);
  const resetOne = useResetFailure(kind);
  const purch = kind === 'purch';

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
          ...(!purch && state.untracked ? { shipped_without_tracking: true } : {}),
          is_template: state.template,
        },
        page: table.page - 1,
        count: table.size,
        ordering: table.ordering,
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
      state.untracked,
      state.template,
      table.page,
      table.size,
      table.ordering,
    ],
  );
  const list = useListOrders(kind, request);
  // A selection belongs to the filters it was made under (not to the page or the ordering).
  const selection = useOrderSelection(`${kind}:${JSON.stringify(request.filters)}`);
  const [outcome, setOutcome] = useState<ManyOrdersOutcomeValue | null>(null);
  const [printing, setPrinting] = useState(false);
  const stopPrinting = useCallback(() => setPrinting(false), []);

  /** Resending every refused order asks first, saying how many it will resend. */
  const onResetAll = async () => {
    let count: number;
    try {
      const failed = await listOrders(kind, {
        filters: { progress: 'failure', is_template: false },
        page: 0,
        count: 1,
        with_total: true,
      } as ListOrdersRequest);
      count = failed.total ?? failed.items.length;
    } catch (error) {
      notifyApiError(error);
      return;
    }
    if (count === 0) {
      notifySuccess(t('orders.list.resetAllNone'));
      return;
    }
    confirmAction({
      title: t('orders.list.resetAllTitle'),
      text: t('orders.list.resetAllText', { count }),
      confirm: t('orders.list.resetAllConfirm', { count }),
      onConfirm: () =>
        resetAll.mutate(undefined, {
          onSuccess: (result) =>
            notifySuccess(t('orders.list.resetAllDone', { count: (result as { count: number }).count })),
          onError: notifyApiError,
        }),
    });
  };
  const onResetOne = (row: Row) =>
    resetOne.mutate(row.head_id, {
      onSuccess: () => notifySuccess(t('orders.list.resetDone', { code: orderCode(row) })),
      onError: notifyApiError,
    });

  const partyLabel = purch ? t('orders.fields.vendor') : t('orders.fields.customer');
  const activeFilters = [
    state.consignee,
    state.party,
    state.progress,
    state.from,
    state.to,
    state.template,
    !purch && state.untracked,
  ].filter(Boolean).length;

  return (
    <Stack gap="md">
      <PageTitle
        title={t(`orders.list.title.${kind}`)}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} loading={list.isFetching} />
            <ExportMenu
              choices={(['orders', 'lines'] as const).map((what) => ({
                label: t(`common.export.${what}`),
                download: (file) =>
                  downloadExport(
                    what === 'orders' ? orderCalls(kind).exportOrders : orderCalls(kind).exportLines,
                    { filters: request.filters, ordering: request.ordering, ...file },
                  ),
              }))}
            />
            <Button
              variant="default"
              leftSection={<IconRotateClockwise size={18} aria-hidden />}
              onClick={onResetAll}
              loading={resetAll.isPending}
            >
              {t('orders.list.resetAll')}
            </Button>
            <Button
              variant="default"
              component={Link}
              to={orderPaths.import(kind)}
              leftSection={<IconUpload size={18} aria-hidden />}
            >
              {t('orders.list.import')}
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

      <ListFilters
        label={t('orders.list.filters')}
        activeCount={activeFilters}
        search={
          <ListSearch
            search={search}
            label={t('orders.list.search')}
            placeholder={t('orders.list.searchPlaceholder')}
            width={220}
            // Below three characters the server matches beginnings only (no trigram to look up).
            description={
              search.value.trim().length > 0 && search.value.trim().length < 3
                ? t('orders.list.searchShort')
                : undefined
            }
          />
        }
      >
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
          // Text it cannot read stays in the field with its error; the list is not filtered by it.
          onChange={(from) => update({ from: isDateValue(from) ? from : null })}
          maxDate={state.to ?? undefined}
          clearable
          w={{ base: '100%', sm: 150 }}
        />
        <DateField
          label={t('orders.list.createdTo')}
          value={state.to}
          onChange={(to) => update({ to: isDateValue(to) ? to : null })}
          minDate={state.from ?? undefined}
          clearable
          w={{ base: '100%', sm: 150 }}
        />
        <Checkbox
          label={t('orders.list.templates')}
          checked={state.template}
          onChange={(event) => update({ template: event.currentTarget.checked ? 1 : null })}
          mb={8}
        />
        {!purch && (
          <Checkbox
            label={t('tracking.shippedWithoutTracking')}
            checked={state.untracked}
            onChange={(event) => update({ untracked: event.currentTarget.checked ? 1 : null })}
            mb={8}
          />
        )}
      </ListFilters>

      {outcome && <ManyOrdersOutcome kind={kind} outcome={outcome} onClose={() => setOutcome(null)} />}
      {selection.size > 0 && (
        <OrderSelectionBar
          kind={kind}
          selection={selection}
          request={request}
          total={list.data?.total_capped ? undefined : list.data?.total}
          onOutcome={setOutcome}
          onPrint={() => setPrinting(true)}
        />
      )}
      {printing && (
        <SelectionPrint
          kind={kind}
          headIds={selection.orders.map((order) => order.head_id)}
          onDone={stopPrinting}
        />
      )}

      <div data-print={printing ? 'hide' : undefined}>
        <PagedDataTable<Row>
          table={table}
          selection={{
            selectedRecords: (list.data?.items ?? []).filter((row) => selection.has(row.head_id)),
            onSelectedRecordsChange: (picked) => selection.changePage(list.data?.items ?? [], picked),
            checkboxLabel: (row) => t('orders.many.selectRow', { code: orderCode(row) }),
            allLabel: t('orders.many.selectPage'),
          }}
          rows={list}
          idAccessor="head_id"
          noRecordsText={t('orders.list.empty')}
          tableId={kind === 'purch' ? 'orders_purch' : 'orders_sales'}
          pinnedColumns={2}
          cardTitle={(row) => (
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Checkbox
                  aria-label={t('orders.many.selectRow', { code: orderCode(row) })}
                  checked={selection.has(row.head_id)}
                  onChange={(event) => selection.toggle(row, event.currentTarget.checked)}
                />
                <Anchor component={Link} to={orderPaths.view(kind, row.head_id)} fw={600}>
                  {orderCode(row)}
                </Anchor>
              </Group>
              <OrderStatusBadge progress={row.progress} status={row.status} />
            </Group>
          )}
          cardTitleColumns={['external_code', 'status']}
          onRowClick={({ record }) => navigate(orderPaths.view(kind, record.head_id))}
          columns={[
            {
              accessor: 'view',
              title: t('orders.list.columns.view'),
              // Fits the longest title of the three languages (ru "Просмотр").
              width: 100,
              textAlign: 'center',
              render: (row) => (
                <ActionIcon
                  component={Link}
                  to={orderPaths.view(kind, row.head_id)}
                  variant="subtle"
                  aria-label={t('orders.list.open', { code: orderCode(row) })}
                >
                  <IconEye size={20} aria-hidden />
                </ActionIcon>
              ),
            },
            {
              accessor: 'external_code',
              title: t('orders.fields.externalCode'),
              // A code is read whole: "PO-2026-00190", never "PO-2026-" over "00190".
              noWrap: true,
              render: (row) => (
                <Anchor component={Link} to={orderPaths.view(kind, row.head_id)} fw={600}>
                  {orderCode(row)}
                </Anchor>
              ),
            },
            {
              accessor: 'status',
              title: t('orders.fields.status'),
              sortable: true,
              // The status is what a user scans the list for: never cut, the other columns wrap.
              noWrap: true,
              render: (row) => (
                <Group gap={4} wrap="nowrap">
                  <OrderStatusBadge progress={row.progress} status={row.status} />
                  {row.progress === 'failure' && (
                    <Tooltip label={failureReason(t, row) ?? t('orders.actions.resetFailure')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={t('orders.list.resetOne', {
                          code: orderCode(row),
                        })}
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
            {
              accessor: 'consignee',
              title: t('orders.fields.consignee'),
              render: (row) => row.consignee.name,
            },
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
      </div>
    </Stack>
  );
}
