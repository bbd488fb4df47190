import type { notifications } from '@extranet/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChecks, IconMail, IconMailOpened, IconPaperclip } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { authorName, commentText } from '../../../shared/messages/comment-text';
import { DataState } from '../../../shared/ui/data-state';
import { notifyApiError } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import { useListNotifications } from '../api/list-notifications';
import { useMarkRead } from '../api/mark-read';
import { notificationPath } from '../components/notification-bell';
import { subjectText } from '../components/notification-subject';

const PAGE_SIZE = 20;

/**
 * Every notification of the user, newest first, a page at a time: what it is about,
 * who said what, and whether it was read. Opening one marks it read; so can its button, or
 * "Mark all read". The filter and page live in the URL.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const unread = params.get('unread') === '1';
  const page = positiveInt(params.get('page')) ?? 1;
  const list = useListNotifications({
    filters: unread ? { unread: true } : {},
    page: page - 1,
    count: PAGE_SIZE,
    with_total: true,
  });
  const markRead = useMarkRead();
  const total = list.data?.total ?? 0;

  const mark = (input: { notification_id_list?: number[]; read: boolean }) =>
    markRead.mutate(input, { onError: notifyApiError });

  return (
    <Stack gap="md">
      <PageTitle
        title={t('notifications.page.title')}
        actions={
          <Button
            variant="default"
            leftSection={<IconChecks size={18} aria-hidden />}
            onClick={() => mark({ read: true })}
            loading={markRead.isPending}
          >
            {t('notifications.page.markAllRead')}
          </Button>
        }
      />
      <SegmentedControl
        w="fit-content"
        aria-label={t('notifications.page.filter')}
        value={unread ? 'unread' : 'all'}
        onChange={(value) => setParams(value === 'unread' ? { unread: '1' } : {})}
        data={[
          { value: 'all', label: t('notifications.page.all') },
          { value: 'unread', label: t('notifications.page.unread') },
        ]}
      />
      <DataState
        query={list}
        isEmpty={(data) => data.items.length === 0}
        emptyText={unread ? t('notifications.page.noneUnread') : t('notifications.bell.empty')}
      >
        {(data) => (
          <Stack
            gap="xs"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('notifications.page.title')}
          >
            {data.items.map((item) => (
              <NotificationRow key={item.notification_id} item={item} onMark={mark} />
            ))}
          </Stack>
        )}
      </DataState>
      {total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(total / PAGE_SIZE)}
          value={page}
          onChange={(next) => setParams({ ...(unread ? { unread: '1' } : {}), page: String(next) })}
          getControlProps={(control) => ({ 'aria-label': t(`companies.page.pagination.${control}`) })}
        />
      )}
    </Stack>
  );
}

function NotificationRow({
  item,
  onMark,
}: {
  item: notifications.NotificationItem;
  onMark: (input: { notification_id_list: number[]; read: boolean }) => void;
}) {
  const { t } = useTranslation();
  const ids = [item.notification_id];
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="notification-row" data-read={item.read}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            {!item.read && (
              <Badge size="sm" color="blue" variant="filled">
                {t('notifications.page.new')}
              </Badge>
            )}
            <Anchor
              component={Link}
              to={notificationPath(item)}
              fw={item.read ? 500 : 700}
              onClick={() => !item.read && onMark({ notification_id_list: ids, read: true })}
            >
              {subjectText(t, item.subject)}
            </Anchor>
          </Group>
          <Text size="sm" fs={item.is_dict ? 'italic' : undefined} style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              {authorName(t, item.user, item.text)}:
            </Text>{' '}
            {commentText(t, item.text)}
            {item.with_files && (
              <IconPaperclip size={14} aria-label={t('notifications.bell.withFiles')} role="img" />
            )}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={item.creation_date.toISOString()}>
            {dayjs(item.creation_date).format('DD.MM.YYYY HH:mm')}
          </Text>
        </Stack>
        <Tooltip label={item.read ? t('notifications.page.markUnread') : t('notifications.page.markRead')}>
          <ActionIcon
            variant="subtle"
            aria-label={item.read ? t('notifications.page.markUnread') : t('notifications.page.markRead')}
            onClick={() => onMark({ notification_id_list: ids, read: !item.read })}
          >
            {item.read ? <IconMail size={18} aria-hidden /> : <IconMailOpened size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
