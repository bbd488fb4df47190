import { webhooks } from '@extranet/contract';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt, useTableUrlState } from '../../../shared/ui/paged-table';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { ShownFilter, useShownParam } from '../../../shared/ui/shown-filter';
import { SimpleTable } from '../../../shared/ui/simple-table';
import { useRedeliver } from '../api/change-endpoint';
import { useListDeliveries } from '../api/list-deliveries';
import { useListEndpoints } from '../api/list-endpoints';
import { DeliveryStatusBadge, EndpointStatusBadge } from '../components/status-badges';

const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm:ss';
const ORDERINGS = ['creation_date'] as const;
const SHOWN = ['all', ...webhooks.DELIVERY_STATUSES] as const;

export function DeliveriesPage() {
  const { t } = useTranslation();
  const endpointId = positiveInt(useParams().endpointId ?? null);
  return (
    <RequirePermission anyOf={['umgr']} message={t('webhooks.forbidden')}>
      {endpointId === null ? (
        <Alert color="red" variant="light" role="alert">
          {t('errors.webhook_endpoint_not_found')}
        </Alert>
      ) : (
        <Deliveries endpointId={endpointId} />
      )}
    </RequirePermission>
  );
}

/** An endpoint's delivery log of the last 30 days, newest first, with "Send again". */
function Deliveries({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const table = useTableUrlState({
    orderings: ORDERINGS,
    defaultSort: { key: 'creation_date', direction: 'desc' },
  });
  const [shown, setShown] = useShownParam(table, 'status', SHOWN);
  const endpoint = useListEndpoints({
    filters: { endpoint_id: endpointId },
    page: 0,
    count: 1,
    with_total: false,
  });
  const list = useListDeliveries({
    endpoint_id: endpointId,
    filters: shown === 'all' ? {} : { status: shown },
    ...table.pageRequest,
  });
  const redeliver = useRedeliver();
  const row = endpoint.data?.items[0];
  const missing = endpoint.data && !row;

  if (missing) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('errors.webhook_endpoint_not_found')}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <PageTitle
        title={t('webhooks.deliveries.title')}
        record={row?.url}
        section={t('webhooks.list.title')}
        description={
          row ? (
            <Group gap="xs" component="span">
              <Text span style={{ wordBreak: 'break-all' }}>
                {row.url}
              </Text>
              <EndpointStatusBadge status={row.status} />
            </Group>
          ) : undefined
        }
        actions={<RefreshButton onRefresh={() => list.refetch()} loading={list.isFetching} />}
      />
      <Text size="sm" c="dimmed">
        {t('webhooks.deliveries.description', { count: webhooks.DELIVERY_LOG_DAYS })}
      </Text>
      <ShownFilter
        label={t('webhooks.deliveries.shown')}
        value={shown}
        onChange={setShown}
        options={SHOWN.map((value) => ({
          value,
          label: value === 'all' ? t('webhooks.deliveries.all') : t(`webhooks.deliveryStatus.${value}`),
        }))}
      />
      {redeliver.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, redeliver.error)}
        </Alert>
      ) : null}
      <SimpleTable
        rows={list}
        table={table}
        headers={[
          t('webhooks.deliveries.created'),
          t('webhooks.deliveries.event'),
          t('webhooks.deliveries.status'),
          t('webhooks.deliveries.answer'),
          t('webhooks.deliveries.duration'),
          t('webhooks.deliveries.attempts'),
          t('webhooks.deliveries.lastAttempt'),
          t('webhooks.list.actions'),
        ]}
        emptyText={t('webhooks.deliveries.empty')}
        testId="webhook-deliveries"
      >
        {(items) =>
          items.map((delivery) => (
            <Table.Tr key={delivery.delivery_id} data-testid={`webhook-delivery-${delivery.delivery_id}`}>
              <Table.Td>{dayjs(delivery.creation_date).format(DATE_TIME_FORMAT)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{t(`webhooks.events.${delivery.type.replace('.', '_')}`)}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {delivery.event_id}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <DeliveryStatusBadge status={delivery.status} />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{delivery.response_code ?? '—'}</Text>
                  {delivery.refusal && (
                    <Text size="xs" c="orange.8" data-testid="delivery-refusal">
                      {t(`webhooks.refusals.${delivery.refusal.code}`, {
                        permission: delivery.refusal.permission
                          ? t(`auth.permissions.${delivery.refusal.permission}`)
                          : '—',
                      })}
                    </Text>
                  )}
                  {delivery.error && (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                      {delivery.error}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                {delivery.duration_ms === null
                  ? '—'
                  : t('webhooks.deliveries.milliseconds', { count: delivery.duration_ms })}
              </Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td>
                {delivery.last_attempt ? dayjs(delivery.last_attempt).format(DATE_TIME_FORMAT) : '—'}
              </Table.Td>
              <Table.Td>
                {delivery.status !== 'pending' && (
                  <Button
                    size="xs"
                    variant="light"
                    disabled={row?.status !== 'active'}
                    loading={redeliver.isPending && redeliver.variables === delivery.delivery_id}
                    aria-label={t('webhooks.deliveries.againOne', { id: delivery.event_id })}
                    onClick={() =>
                      redeliver.mutate(delivery.delivery_id, {
                        onSuccess: () => notifySuccess(t('webhooks.deliveries.queued')),
                      })
                    }
                  >
                    {t('webhooks.deliveries.again')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))
        }
      </SimpleTable>
    </Stack>
  );
}
