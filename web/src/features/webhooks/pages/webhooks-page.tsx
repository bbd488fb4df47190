import type { webhooks } from '@extranet/contract';
import { Anchor, Badge, Button, Group, Menu, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { confirmAction } from '../../../shared/ui/confirm';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { useTableUrlState } from '../../../shared/ui/paged-table';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { SimpleTable } from '../../../shared/ui/simple-table';
import { useDeleteEndpoint, useEditEndpoint } from '../api/change-endpoint';
import { useListEndpoints } from '../api/list-endpoints';
import { type EditedEndpoint, EndpointDialog } from '../components/endpoint-dialog';
import { EndpointSecretShown } from '../components/secret-shown';
import { EndpointStatusBadge } from '../components/status-badges';

const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';
const ORDERINGS = ['creation_date'] as const;

export function WebhooksPage() {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={['umgr']} message={t('webhooks.forbidden')}>
      <Endpoints />
    </RequirePermission>
  );
}

/** The webhook endpoints of the user's companies, newest first. */
function Endpoints() {
  const { t } = useTranslation();
  const table = useTableUrlState({
    orderings: ORDERINGS,
    defaultSort: { key: 'creation_date', direction: 'desc' },
  });
  const list = useListEndpoints({
    filters: {},
    ...table.pageRequest,
  });
  const [dialog, setDialog] = useState<{ endpoint: EditedEndpoint | null } | null>(null);
  const remove = useDeleteEndpoint();
  const confirmDelete = (endpoint: webhooks.EndpointRow) =>
    confirmAction({
      title: t('webhooks.delete.title'),
      text: t('webhooks.delete.confirm', { url: endpoint.url }),
      confirm: t('webhooks.delete.button'),
      danger: true,
      onConfirm: () =>
        remove.mutate(endpoint.endpoint_id, {
          onSuccess: () => notifySuccess(t('webhooks.delete.done')),
          onError: notifyApiError,
        }),
    });

  return (
    <Stack gap="md">
      <PageTitle
        title={t('webhooks.list.title')}
        description={t('webhooks.list.description')}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} loading={list.isFetching} />
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setDialog({ endpoint: null })}
            >
              {t('webhooks.list.add')}
            </Button>
          </>
        }
      />
      <SimpleTable
        rows={list}
        table={table}
        headers={[
          t('webhooks.fields.url'),
          t('webhooks.fields.company'),
          t('webhooks.fields.events'),
          t('webhooks.list.status'),
          t('webhooks.list.owner'),
          t('webhooks.list.created'),
          t('webhooks.list.actions'),
        ]}
        emptyText={t('webhooks.list.empty')}
        testId="webhook-endpoints"
      >
        {(items) =>
          items.map((endpoint) => (
            <EndpointRow
              key={endpoint.endpoint_id}
              endpoint={endpoint}
              onEdit={() =>
                setDialog({
                  endpoint: {
                    endpoint_id: endpoint.endpoint_id,
                    company_id: endpoint.company.company_id,
                    url: endpoint.url,
                    events: endpoint.events,
                  },
                })
              }
              onDelete={() => confirmDelete(endpoint)}
            />
          ))
        }
      </SimpleTable>
      <EndpointDialog
        opened={dialog !== null}
        endpoint={dialog?.endpoint ?? null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function EndpointRow({
  endpoint,
  onEdit,
  onDelete,
}: {
  endpoint: webhooks.EndpointRow;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditEndpoint();
  const [secretOpened, secretDialog] = useDisclosure(false);
  const setActive = (active: boolean) =>
    edit.mutate(
      { endpoint_id: endpoint.endpoint_id, active },
      { onSuccess: () => notifySuccess(active ? t('webhooks.list.turnedOn') : t('webhooks.list.turnedOff')) },
    );
  return (
    <Table.Tr data-testid={`webhook-endpoint-${endpoint.endpoint_id}`}>
      <Table.Td style={{ wordBreak: 'break-all' }}>
        <Anchor component={Link} to={`/webhooks/${endpoint.endpoint_id}`}>
          {endpoint.url}
        </Anchor>
      </Table.Td>
      <Table.Td>{endpoint.company.name}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {endpoint.events.map((type) => (
            <Badge key={type} variant="light" color="gray" tt="none">
              {t(`webhooks.events.${type.replace('.', '_')}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <EndpointStatusBadge status={endpoint.status} />
          {endpoint.status === 'paused' && endpoint.paused_at && (
            <Text size="xs" c="dimmed">
              {t('webhooks.list.pausedAt', { time: dayjs(endpoint.paused_at).format(DATE_TIME_FORMAT) })}
            </Text>
          )}
          {endpoint.status === 'active' && endpoint.failing_since && (
            <Text size="xs" c="red">
              {t('webhooks.list.failingSince', {
                time: dayjs(endpoint.failing_since).format(DATE_TIME_FORMAT),
              })}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{endpoint.owner?.username ?? '—'}</Table.Td>
      <Table.Td>{dayjs(endpoint.creation_date).format(DATE_TIME_FORMAT)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="light" component={Link} to={`/webhooks/${endpoint.endpoint_id}`}>
            {t('webhooks.list.deliveries')}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="xs"
                variant="subtle"
                aria-label={t('webhooks.list.more', { url: endpoint.url })}
                loading={edit.isPending}
              >
                <IconDots size={16} aria-hidden />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={onEdit}>{t('webhooks.list.edit')}</Menu.Item>
              {endpoint.status === 'active' ? (
                <Menu.Item onClick={() => setActive(false)}>{t('webhooks.list.turnOff')}</Menu.Item>
              ) : (
                <Menu.Item onClick={() => setActive(true)}>{t('webhooks.list.turnOn')}</Menu.Item>
              )}
              <Menu.Item
                onClick={() =>
                  edit.mutate(
                    { endpoint_id: endpoint.endpoint_id, rotate_secret: true },
                    { onSuccess: secretDialog.open },
                  )
                }
              >
                {t('webhooks.list.rotate')}
              </Menu.Item>
              <Menu.Item color="red" onClick={onDelete}>
                {t('webhooks.list.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {edit.error ? (
          <Text size="xs" c="red" role="alert">
            {errorMessage(t, edit.error)}
          </Text>
        ) : null}
        <Modal
          opened={secretOpened && !!edit.data?.secret}
          onClose={() => {
            edit.reset();
            secretDialog.close();
          }}
          title={t('webhooks.secret.title')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
          closeOnClickOutside={false}
          size="lg"
        >
          <EndpointSecretShown
            secret={edit.data?.secret ?? ''}
            onDone={() => {
              edit.reset();
              secretDialog.close();
            }}
          />
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}
