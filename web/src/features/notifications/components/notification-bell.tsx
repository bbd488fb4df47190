import type { notifications } from '@extranet/contract';
import {
  ActionIcon,
  Anchor,
  Box,
  Center,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconPaperclip } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorName, commentText } from '../../../shared/messages/comment-text';
import { useSession } from '../../../shared/session';
import { useListRecent } from '../api/list-recent';
import { useMarkRead } from '../api/mark-read';
import { useMarkSeen } from '../api/mark-seen';
import classes from './notification-bell.module.css';
import { NotificationSubject } from './notification-subject';

/** SPEC.md §9: texts cut at 50 characters plus '...', a list at most 250 px high. */
export const TEXT_MAX = 50;
export const LIST_MAX_HEIGHT = 250;

export function shortenText(text: string): string {
  return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}...` : text;
}

/** Where a notification leads: its purchase order, sales order or discussion. */
export function notificationPath(item: notifications.NotificationItem): string {
  const { discussion } = item;
  if (discussion.purch_head_id !== null) return `/orders/purch/view/${discussion.purch_head_id}`;
  if (discussion.sales_head_id !== null) return `/orders/sales/view/${discussion.sales_head_id}`;
  return `/discussions/view/${discussion.discussion_id}`;
}

function formatTime(date: Date): string {
  return dayjs(date).isSame(dayjs(), 'day')
    ? dayjs(date).format('HH:mm')
    : dayjs(date).format('DD.MM.YYYY HH:mm');
}

/**
 * The header's notification dropdown (SPEC.md §2): the badge comes from the session refresh;
 * opening loads the recent items and marks them seen, which clears the badge.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const recent = useListRecent(opened);
  const markSeen = useMarkSeen();
  const markRead = useMarkRead();

  const open = async () => {
    setOpened(true);
    const result = await recent.refetch();
    const newest = result.data?.items[0]?.notification_id;
    if (result.data && (newest !== undefined || session.has_new_notifications)) markSeen.mutate(newest);
  };

  const items = recent.data?.items ?? [];
  const label = session.has_new_notifications
    ? t('notifications.bell.openNew')
    : t('notifications.bell.open');

  return (
    <Popover
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          data-testid="notification-bell"
          onClick={() => (opened ? setOpened(false) : void open())}
        >
          <Indicator
            color="red"
            size={10}
            offset={2}
            disabled={!session.has_new_notifications}
            processing={session.has_new_notifications}
            data-testid="notification-badge"
            data-new={session.has_new_notifications || undefined}
          >
            <IconBell size={20} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="notification-list" aria-labelledby={titleId}>
        <Text size="sm" fw={600} px="sm" pt="sm" pb="xs" id={titleId} component="h2">
          {t('notifications.bell.title')}
        </Text>
        {recent.isFetching && items.length === 0 ? (
          <Center py="sm">
            <Loader size="sm" aria-label={t('common.loading')} role="progressbar" />
          </Center>
        ) : recent.isError ? (
          <Text size="sm" c="red.9" px="sm" pb="sm" role="alert">
            {t('notifications.bell.failed')}
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" pb="sm">
            {t('notifications.bell.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto">
            <Box component="ul" m={0} p={0} pb={4} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <li key={item.notification_id}>
                  <UnstyledButton
                    component={Link}
                    to={notificationPath(item)}
                    onClick={() => {
                      setOpened(false);
                      if (!item.read)
                        markRead.mutate({ notification_id_list: [item.notification_id], read: true });
                    }}
                    className={classes.item}
                    data-testid="notification-item"
                    data-unseen={!item.seen || undefined}
                  >
                    <NotificationSubject subject={item.subject} />
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm" fw={item.seen ? 500 : 700} truncate>
                        {authorName(t, item.user, item.text)}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        {item.with_files && (
                          <IconPaperclip
                            size={14}
                            aria-label={t('notifications.bell.withFiles')}
                            role="img"
                          />
                        )}
                        <Text
                          size="xs"
                          c="dimmed"
                          component="time"
                          dateTime={item.creation_date.toISOString()}
                        >
                          {formatTime(item.creation_date)}
                        </Text>
                      </Group>
                    </Group>
                    <Text
                      size="sm"
                      c="dimmed"
                      fs={item.is_dict ? 'italic' : undefined}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {shortenText(commentText(t, item.text))}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Box>
          </ScrollArea.Autosize>
        )}
        <Box px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
            {t('notifications.bell.all')}
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
