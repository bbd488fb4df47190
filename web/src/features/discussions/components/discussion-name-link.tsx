import type { discussions } from '@extranet/contract';
import { Anchor, Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { discussionPaths } from './paths';

/**
 * A discussion's name in the lists, as a link to it, marked "New" (and bold) while it has a
 * comment of someone else the reader has not seen since they last opened it.
 */
export function DiscussionNameLink({ row }: { row: discussions.DiscussionRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="center" data-testid="discussion-name" data-unread={row.unread}>
      {row.unread && (
        <Badge size="xs" variant="filled" style={{ flexShrink: 0 }} title={t('discussions.list.unreadLabel')}>
          {t('discussions.list.unread')}
        </Badge>
      )}
      <Anchor
        component={Link}
        to={discussionPaths.view(row.discussion_id)}
        size="sm"
        fw={row.unread ? 700 : undefined}
        miw={0}
        style={{ overflowWrap: 'anywhere' }}
      >
        {row.name}
      </Anchor>
    </Group>
  );
}
