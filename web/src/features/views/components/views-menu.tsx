import type { auth, views } from '@extranet/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Popover,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmarks, IconDeviceFloppy, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmAction } from '../../../shared/ui/confirm';
import { DataState } from '../../../shared/ui/data-state';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';
import { useTableColumns } from '../../../shared/ui/table-columns';
import { useDeleteView } from '../api/delete-view';
import { useListViews } from '../api/list-views';
import { usePinView } from '../api/pin-view';
import { filtersFromUrl, listOfTable, orderingFromUrl } from '../url-state';
import { SaveViewDialog } from './save-view-dialog';
import { useOpenView } from './use-open-view';

/**
 * The Views button of a list table (issue 34 "Saved views"): save the list as it is now under a
 * name, open a saved view (the user's own and those shared with them), pin one to the dashboard,
 * delete one's own. Nothing for a table that has no views (companies).
 */
export function ViewsMenu({ tableId }: { tableId: auth.TableId }) {
  const list = listOfTable(tableId);
  return list ? <ListViewsMenu tableId={tableId} list={list} /> : null;
}

function ListViewsMenu({ tableId, list }: { tableId: auth.TableId; list: views.ViewList }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const [saving, saveDialog] = useDisclosure(false);
  const [params, setParams] = useSearchParams();
  const items = useListViews(list, opened);
  const columns = useTableColumns(tableId, []);
  const openView = useOpenView(tableId);

  const current = {
    list,
    filters: filtersFromUrl(list, params),
    ordering: orderingFromUrl(list, params),
    columns: columns.isDefault ? [] : [...columns.shown],
  };

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconBookmarks size={16} aria-hidden />}
            onClick={() => setOpened((value) => !value)}
            aria-haspopup="dialog"
            aria-expanded={opened}
          >
            {t('views.menu.button')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown maw="min(420px, calc(100vw - 24px))" miw={260}>
          <Stack gap="xs" role="group" aria-labelledby={titleId}>
            <Text size="sm" fw={600} id={titleId}>
              {t('views.menu.label')}
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={() => {
                setOpened(false);
                saveDialog.open();
              }}
            >
              {t('views.menu.save')}
            </Button>
            <DataState query={items}>
              {(data) => (
                <ViewSections
                  items={data.items}
                  onOpen={(view) => {
                    setOpened(false);
                    setParams(openView(view, params));
                  }}
                />
              )}
            </DataState>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <SaveViewDialog opened={saving} onClose={saveDialog.close} current={current} />
    </>
  );
}

function ViewSections({
  items,
  onOpen,
}: {
  items: views.ViewItem[];
  onOpen: (view: views.ViewItem) => void;
}) {
  const { t } = useTranslation();
  const own = items.filter((view) => view.is_own);
  const shared = items.filter((view) => !view.is_own);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('views.menu.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {own.length > 0 && <ViewSection title={t('views.menu.own')} items={own} onOpen={onOpen} />}
      {own.length > 0 && shared.length > 0 && <Divider />}
      {shared.length > 0 && <ViewSection title={t('views.menu.shared')} items={shared} onOpen={onOpen} />}
    </Stack>
  );
}

function ViewSection({
  title,
  items,
  onOpen,
}: {
  title: string;
  items: views.ViewItem[];
  onOpen: (view: views.ViewItem) => void;
}) {
  const headingId = useId();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" id={headingId}>
        {title}
      </Text>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {items.map((view) => (
          <ViewRow key={view.view_id} view={view} onOpen={onOpen} />
        ))}
      </Stack>
    </Stack>
  );
}

function ViewRow({ view, onOpen }: { view: views.ViewItem; onOpen: (view: views.ViewItem) => void }) {
  const { t } = useTranslation();
  const pin = usePinView();
  const remove = useDeleteView();
  // Through the promise, not mutate's callbacks: the menu may close (and this row unmount) first.
  const onPin = () =>
    pin
      .mutateAsync({ view_id: view.view_id, pinned: !view.pinned })
      .then(
        () => notifySuccess(t(view.pinned ? 'views.pin.unpinned' : 'views.pin.pinned', { name: view.name })),
        notifyApiError,
      );
  const onDelete = () =>
    confirmAction({
      title: t('views.delete.title'),
      text: t('views.delete.text', { name: view.name }),
      confirm: t('views.delete.confirm'),
      danger: true,
      onConfirm: () =>
        remove
          .mutateAsync(view.view_id)
          .then(() => notifySuccess(t('views.delete.done', { name: view.name })), notifyApiError),
    });
  const pinLabel = t(view.pinned ? 'views.menu.unpin' : 'views.menu.pin', { name: view.name });
  const deleteLabel = t('views.menu.delete', { name: view.name });
  return (
    <Group component="li" gap={4} wrap="nowrap" data-testid="saved-view">
      <UnstyledButton
        onClick={() => onOpen(view)}
        style={{ flex: 1, minWidth: 0, borderRadius: 4 }}
        px={6}
        py={4}
      >
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {view.name}
          </Text>
          {view.shared && view.is_own && (
            <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
              {t('views.menu.sharedBadge')}
            </Badge>
          )}
        </Group>
        {!view.is_own && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('views.menu.by', { name: view.owner.name })}
          </Text>
        )}
      </UnstyledButton>
      <Tooltip label={pinLabel}>
        <ActionIcon
          variant={view.pinned ? 'light' : 'subtle'}
          aria-label={pinLabel}
          aria-pressed={view.pinned}
          onClick={onPin}
          loading={pin.isPending}
        >
          {view.pinned ? <IconPinnedOff size={16} aria-hidden /> : <IconPin size={16} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      {view.is_own && (
        <Tooltip label={deleteLabel}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={deleteLabel}
            onClick={onDelete}
            loading={remove.isPending}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
