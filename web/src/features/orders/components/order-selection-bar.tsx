import { Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCopy, IconPrinter, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadExport } from '../../../shared/api';
import { confirmAction } from '../../../shared/ui/confirm';
import { ExportMenu } from '../../../shared/ui/export-menu';
import { notifyApiError } from '../../../shared/ui/notify';
import { type ManyOrderAction, useActOnMany } from '../api/act-on-many';
import { type ListOrdersRequest, type OrderKind, orderCalls } from '../api/keys';
import { listOrders } from '../api/list-orders';
import type { ManyOrdersOutcomeValue } from './many-orders-outcome';
import { MAX_SELECTED, matchingRequest, type OrderSelection } from './order-selection';
import { orderPaths } from './paths';

/**
 * The actions on the selected orders of a list (issue 34): set ready, back to draft, delete drafts,
 * copy one, export or print the selection; and "select all matching" across pages, up to
 * MAX_SELECTED. Shown while something is selected.
 */
export function OrderSelectionBar({
  kind,
  selection,
  request,
  total,
  onOutcome,
  onPrint,
}: {
  kind: OrderKind;
  selection: OrderSelection;
  /** The list's request: its filters pick "all matching", its ordering orders the export. */
  request: ListOrdersRequest;
  /** How many orders the list's filters match, when counted. */
  total: number | undefined;
  onOutcome: (outcome: ManyOrdersOutcomeValue) => void;
  onPrint: () => void;
}) {
  const { t } = useTranslation();
  const act = useActOnMany(kind);
  const count = selection.size;
  const headIds = selection.orders.map((order) => order.head_id);
  const only = count === 1 ? selection.orders[0] : undefined;

  const run = (action: ManyOrderAction) => {
    const codes = new Map(selection.orders.map((order) => [order.head_id, order.external_code]));
    act.mutate(
      { action, headIds },
      {
        onSuccess: ({ results }) => {
          selection.keepOnly(results.filter((result) => !result.ok).map((result) => result.head_id));
          onOutcome({ action, results, codes });
        },
        onError: notifyApiError,
      },
    );
  };
  const onDelete = () =>
    confirmAction({
      title: t('orders.many.deleteTitle'),
      text: t('orders.many.deleteText', { count }),
      confirm: t('orders.many.deleteConfirm', { count }),
      danger: true,
      onConfirm: () => run('delete'),
    });
  const onSelectAll = () =>
    selection
      .selectAllMatching(async () => {
        const page = await listOrders(kind, matchingRequest(request));
        return { items: page.items, more: page.more };
      })
      .catch(notifyApiError);

  const canSelectMore = total === undefined || total > count;
  const busy = act.isPending ? act.variables?.action : undefined;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      data-print="hide"
      role="region"
      aria-label={t('orders.many.region')}
      data-testid="selection-bar"
    >
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite">
            {t('orders.many.selected', { count })}
          </Text>
          {canSelectMore && (
            <Button variant="subtle" size="compact-sm" onClick={onSelectAll} loading={selection.selecting}>
              {total !== undefined && total <= MAX_SELECTED
                ? t('orders.many.selectAll', { count: total })
                : t('orders.many.selectFirst', { count: MAX_SELECTED })}
            </Button>
          )}
          {selection.capped && (
            <Text size="sm" c="dimmed">
              {t('orders.many.capped', { count: MAX_SELECTED })}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button
            size="sm"
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => run('setReady')}
            loading={busy === 'setReady'}
            disabled={act.isPending && busy !== 'setReady'}
          >
            {t('orders.many.setReady')}
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => run('setDraft')}
            loading={busy === 'setDraft'}
            disabled={act.isPending && busy !== 'setDraft'}
          >
            {t('orders.many.setDraft')}
          </Button>
          <Button
            size="sm"
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            loading={busy === 'delete'}
            disabled={act.isPending && busy !== 'delete'}
          >
            {t('orders.many.delete')}
          </Button>
          {only ? (
            <Button
              size="sm"
              variant="default"
              component={Link}
              to={orderPaths.copy(kind, only.head_id, only.consignee_id)}
              leftSection={<IconCopy size={16} aria-hidden />}
            >
              {t('orders.many.copy')}
            </Button>
          ) : (
            <Tooltip label={t('orders.many.copyOne')}>
              <Button
                size="sm"
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                data-disabled
                aria-disabled
                onClick={(event) => event.preventDefault()}
              >
                {t('orders.many.copy')}
              </Button>
            </Tooltip>
          )}
          <ExportMenu
            choices={(['orders', 'lines'] as const).map((what) => ({
              label: t(`common.export.${what}`),
              download: (file) =>
                downloadExport(
                  what === 'orders' ? orderCalls(kind).exportOrders : orderCalls(kind).exportLines,
                  {
                    filters: { head_ids: headIds },
                    ordering: request.ordering,
                    ...file,
                  },
                ),
            }))}
          />
          <Button
            size="sm"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={onPrint}
          >
            {t('orders.many.print')}
          </Button>
          <Button
            size="sm"
            variant="subtle"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={selection.clear}
          >
            {t('orders.many.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
