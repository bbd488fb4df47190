import type { apikeys } from '@extranet/contract';
import { Alert, Badge, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api';
import { formatIsoDate } from '../../../shared/catalogs/format';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { useTableUrlState } from '../../../shared/ui/paged-table';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { ShownFilter, useShownParam } from '../../../shared/ui/shown-filter';
import { SimpleTable } from '../../../shared/ui/simple-table';
import { useListKeys } from '../api/list-keys';
import { useRevokeKey } from '../api/revoke-key';
import { AddKeyDialog } from '../components/add-key-dialog';
import { KeyStatusBadge } from '../components/key-status-badge';

const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';
const SHOWN = ['active', 'all'] as const;
const ORDERINGS = ['created'] as const;

export function ApiKeysPage() {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={['umgr']} message={t('apikeys.forbidden')}>
      <ApiKeys />
    </RequirePermission>
  );
}

/** The keys of the user's companies, newest first; the active ones unless all are asked for. */
function ApiKeys() {
  const { t } = useTranslation();
  const table = useTableUrlState({
    orderings: ORDERINGS,
    defaultSort: { key: 'created', direction: 'desc' },
  });
  const [shown, setShown] = useShownParam(table, 'shown', SHOWN);
  const list = useListKeys({
    filters: shown === 'active' ? { active: true } : {},
    ...table.pageRequest,
  });
  const [adding, addDialog] = useDisclosure(false);
  const [revoking, setRevoking] = useState<apikeys.KeyRow | null>(null);

  return (
    <Stack gap="md">
      <PageTitle
        title={t('apikeys.list.title')}
        description={t('apikeys.list.description')}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={addDialog.open}>
            {t('apikeys.list.add')}
          </Button>
        }
      />
      <ShownFilter
        label={t('apikeys.list.shown')}
        value={shown}
        onChange={setShown}
        options={SHOWN.map((value) => ({ value, label: t(`apikeys.list.shownFilter.${value}`) }))}
      />
      <SimpleTable
        rows={list}
        table={table}
        headers={[
          t('apikeys.fields.name'),
          t('apikeys.fields.permissions'),
          t('apikeys.fields.companies'),
          t('apikeys.list.owner'),
          t('apikeys.list.created'),
          t('apikeys.fields.expires'),
          t('apikeys.list.lastUsed'),
          t('apikeys.list.status'),
          t('apikeys.list.actions'),
        ]}
        emptyText={t(shown === 'active' ? 'apikeys.list.emptyActive' : 'apikeys.list.empty')}
        testId="api-keys-table"
      >
        {(items) =>
          items.map((key) => (
            <Table.Tr key={key.key_id} data-testid={`api-key-${key.key_id}`}>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {key.name}
                  </Text>
                  <Code aria-label={t('apikeys.list.hint', { hint: key.secret_hint })}>
                    …{key.secret_hint}
                  </Code>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {key.permissions.length === 0 && key.scopes.length === 0
                    ? '—'
                    : key.permissions.map((permission) => (
                        <Badge key={permission} variant="light" color="gray">
                          {t(`auth.permissions.${permission}`)}
                        </Badge>
                      ))}
                  {key.scopes.includes('personal') && (
                    <Badge variant="light" color="orange">
                      {t('apikeys.fields.personal')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{key.companies.map((company) => company.name).join(', ')}</Table.Td>
              <Table.Td>{key.owner.username}</Table.Td>
              <Table.Td>{dayjs(key.created).format(DATE_TIME_FORMAT)}</Table.Td>
              <Table.Td>{formatIsoDate(key.expires)}</Table.Td>
              <Table.Td>
                {key.last_used ? dayjs(key.last_used).format(DATE_TIME_FORMAT) : t('apikeys.list.never')}
              </Table.Td>
              <Table.Td>
                <KeyStatusBadge status={key.status} />
              </Table.Td>
              <Table.Td>
                {key.status === 'active' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('apikeys.revoke.one', { name: key.name })}
                    onClick={() => setRevoking(key)}
                  >
                    {t('apikeys.revoke.button')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))
        }
      </SimpleTable>
      <AddKeyDialog opened={adding} onClose={addDialog.close} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: apikeys.KeyRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal
      opened={apiKey !== null}
      onClose={close}
      title={t('apikeys.revoke.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {revoke.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(t, revoke.error)}
          </Alert>
        ) : null}
        <Text size="sm">{t('apikeys.revoke.confirm', { name: apiKey?.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={revoke.isPending}
            onClick={() => {
              if (!apiKey) return;
              revoke.mutate(apiKey.key_id, {
                onSuccess: () => {
                  notifySuccess(t('apikeys.revoke.done', { name: apiKey.name }));
                  close();
                },
              });
            }}
          >
            {t('apikeys.revoke.button')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
