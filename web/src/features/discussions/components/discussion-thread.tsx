import type { discussions } from '@extranet/contract';
import { Anchor, Box, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFile, IconSettings } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { authorName, commentText } from '../../../shared/messages/comment-text';
import { useSession } from '../../../shared/session';
import { notifyApiError } from '../../../shared/ui/notify';
import { downloadFile } from '../api/download-file';

/** SPEC.md §9: the thread scrolls within 500 px. */
export const THREAD_MAX_HEIGHT = 500;
const TIME_FORMAT = 'DD.MM.YYYY HH:mm';

function FileLink({ file }: { file: discussions.FileRef }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => downloadFile(file).catch(notifyApiError)}
      data-testid="comment-file"
    >
      <Group gap={4} wrap="nowrap" component="span">
        <IconFile size={14} aria-hidden />
        {file.name}
      </Group>
    </Anchor>
  );
}

function CommentItem({ comment, isOwn }: { comment: discussions.Comment; isOwn: boolean }) {
  const { t } = useTranslation();
  const author = authorName(t, comment.user);
  return (
    <Box
      component="li"
      data-testid="comment"
      data-outgoing={isOwn || undefined}
      style={{ display: 'flex', justifyContent: isOwn ? 'flex-end' : 'flex-start' }}
    >
      <Paper
        withBorder
        radius="md"
        p="sm"
        maw="85%"
        bg={isOwn ? 'blue.0' : comment.is_dict ? 'gray.0' : undefined}
        aria-label={isOwn ? t('discussions.thread.own') : undefined}
      >
        <Group gap="xs" justify="space-between" wrap="nowrap" mb={4}>
          <Group gap={4} wrap="nowrap">
            {comment.is_dict && <IconSettings size={14} aria-hidden />}
            <Text size="sm" fw={600}>
              {author}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" component="time" dateTime={comment.creation_date.toISOString()}>
            {dayjs(comment.creation_date).format(TIME_FORMAT)}
          </Text>
        </Group>
        <Text
          size="sm"
          fs={comment.is_dict ? 'italic' : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {commentText(t, comment.text)}
        </Text>
        {comment.files.length > 0 && (
          <Stack gap={2} mt="xs">
            {comment.files.map((file) => (
              <FileLink key={file.code} file={file} />
            ))}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}

/**
 * A discussion's messages, oldest first, scrolled to the newest (at most 500 px high). The
 * signed-in user's own messages are outgoing (on the right); system comments read as sentences.
 */
export function DiscussionThread({ discussion }: { discussion: discussions.Discussion }) {
  const { t } = useTranslation();
  const session = useSession();
  const viewport = useRef<HTMLDivElement>(null);
  const last = discussion.comments.at(-1)?.comment_id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last comment scrolls to the bottom.
  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);

  return (
    <ScrollArea.Autosize
      mah={THREAD_MAX_HEIGHT}
      type="auto"
      viewportRef={viewport}
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('discussions.thread.label') } as object}
      data-testid="discussion-thread"
    >
      {discussion.more_comments && (
        <Text size="xs" c="dimmed" ta="center" mb="xs">
          {t('discussions.thread.older')}
        </Text>
      )}
      {discussion.comments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('discussions.thread.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={4} style={{ listStyle: 'none' }}>
          {discussion.comments.map((comment) => (
            <CommentItem
              key={comment.comment_id}
              comment={comment}
              isOwn={comment.user_id !== null && comment.user_id === session.user_id}
            />
          ))}
        </Stack>
      )}
    </ScrollArea.Autosize>
  );
}
