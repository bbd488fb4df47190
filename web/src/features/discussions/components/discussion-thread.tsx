import type { discussions } from '@extranet/contract';
import { Anchor, Box, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowUp, IconFile, IconSettings } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { authorName, commentText } from '../../../shared/messages/comment-text';
import { useSession } from '../../../shared/session';
import { notifyApiError } from '../../../shared/ui/notify';
import { downloadFile } from '../api/download-file';
import { LinkedText } from './linked-text';

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
      <Group gap={4} wrap="nowrap" component="span" ta="start">
        <IconFile size={14} aria-hidden />
        <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{file.name}</span>
      </Group>
    </Anchor>
  );
}

function CommentItem({ comment, isOwn }: { comment: discussions.Comment; isOwn: boolean }) {
  const { t } = useTranslation();
  const author = authorName(t, comment.user, comment.text);
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
          <Group gap={4} wrap="nowrap" miw={0}>
            {comment.is_dict && <IconSettings size={14} aria-hidden />}
            <Text size="sm" fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
              {author}
            </Text>
          </Group>
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={comment.creation_date.toISOString()}
            style={{ whiteSpace: 'nowrap' }}
          >
            {dayjs(comment.creation_date).format(TIME_FORMAT)}
          </Text>
        </Group>
        <Text
          size="sm"
          fs={comment.is_dict ? 'italic' : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {typeof comment.text === 'string' ? (
            <LinkedText text={comment.text} />
          ) : (
            commentText(t, comment.text)
          )}
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

export interface DiscussionThreadProps {
  discussion: discussions.Discussion;
  /** Loads the comments before the oldest one shown, while `more_comments` says they exist. */
  onShowEarlier: () => Promise<{ isError: boolean; error: unknown }>;
  isLoadingEarlier: boolean;
}

/**
 * A discussion's messages, oldest first, scrolled to the newest (at most 500 px high). The
 * signed-in user's own messages are outgoing (on the right); system comments read as sentences.
 * Earlier messages are loaded on demand above the ones shown.
 */
export function DiscussionThread({ discussion, onShowEarlier, isLoadingEarlier }: DiscussionThreadProps) {
  const { t } = useTranslation();
  const session = useSession();
  const viewport = useRef<HTMLDivElement>(null);
  const earlierButton = useRef<HTMLButtonElement>(null);
  /** While earlier comments load: the viewport's distance from the bottom of what it shows. */
  const fromBottom = useRef<number | null>(null);
  const refocus = useRef(false);
  const first = discussion.comments[0]?.comment_id;
  const last = discussion.comments.at(-1)?.comment_id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last comment scrolls to the bottom.
  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);

  // Earlier comments arrive above the ones in view: the same distance from the bottom keeps those
  // in view, before the browser paints. Once there are no more, the button is gone: its focus
  // goes to the thread, not to the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when earlier comments were prepended.
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element || fromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - fromBottom.current;
    fromBottom.current = null;
    if (refocus.current && !earlierButton.current) element.focus({ preventScroll: true });
    refocus.current = false;
  }, [first]);

  const showEarlier = async () => {
    const element = viewport.current;
    if (isLoadingEarlier || !element) return;
    fromBottom.current = element.scrollHeight - element.scrollTop;
    refocus.current = document.activeElement === earlierButton.current;
    const result = await onShowEarlier();
    if (result.isError) {
      fromBottom.current = null;
      notifyApiError(result.error);
    }
  };

  const keepDistance = () => {
    const element = viewport.current;
    if (element && fromBottom.current !== null) fromBottom.current = element.scrollHeight - element.scrollTop;
  };

  return (
    <ScrollArea.Autosize
      mah={THREAD_MAX_HEIGHT}
      type="auto"
      viewportRef={viewport}
      viewportProps={
        {
          tabIndex: 0,
          role: 'region',
          'aria-label': t('discussions.thread.label'),
          onScroll: keepDistance,
        } as object
      }
      data-testid="discussion-thread"
    >
      {discussion.more_comments && (
        <Center mb="xs">
          <Button
            ref={earlierButton}
            variant="subtle"
            size="xs"
            leftSection={
              isLoadingEarlier ? <Loader size={12} aria-hidden /> : <IconArrowUp size={14} aria-hidden />
            }
            onClick={showEarlier}
          >
            {t('discussions.thread.showEarlier')}
          </Button>
        </Center>
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
