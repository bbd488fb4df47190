import { Alert, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { useAddCommentPurch } from '../api/add-comment-purch';
import { useAddCommentSales } from '../api/add-comment-sales';
import { useOrderDiscussion } from '../api/get-order-discussion';
import type { OrderKind } from '../api/keys';
import { CommentForm, type CommentFormValues } from './comment-form';
import { DiscussionThread } from './discussion-thread';

export interface OrderDiscussionPanelProps {
  /** 'purch' for a purchase order, 'sales' for a sales order. */
  kind: OrderKind;
  /** The order's head_id. */
  headId: number;
  /** The panel's heading level (default 2). */
  headingOrder?: 2 | 3 | 4;
}

/**
 * The discussion of one order, for the order views (SPEC.md §2 'View order'): the thread with a
 * refresh button and a new-comment form without user selection. The caller must already hold the
 * order kind's permission (pord or sord). To reload it after the order changes (ready, unready,
 * reset), invalidate `DISCUSSIONS_KEY` (shared/api). The app lends it to the order view
 * (app/order-discussion.tsx).
 */
export function OrderDiscussionPanel({ kind, headId, headingOrder = 2 }: OrderDiscussionPanelProps) {
  const { t } = useTranslation();
  const discussion = useOrderDiscussion(kind, headId);
  const addPurch = useAddCommentPurch();
  const addSales = useAddCommentSales();

  const send = (values: CommentFormValues) =>
    kind === 'purch'
      ? addPurch.mutateAsync({ purch_head_id: headId, text: values.text, files: values.files })
      : addSales.mutateAsync({ sales_head_id: headId, text: values.text, files: values.files });

  return (
    <Paper withBorder radius="md" p="md" data-testid="order-discussion">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={headingOrder} size="h4">
            {t('discussions.order.title')}
          </Title>
          <RefreshButton
            onRefresh={() => discussion.refetch()}
            loading={discussion.isFetching}
            label={t('discussions.order.refresh')}
            variant="subtle"
          />
        </Group>
        {discussion.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common.loading')} role="progressbar" />
          </Center>
        ) : discussion.isError && !discussion.isFetchNextPageError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(t, discussion.error)}
          </Alert>
        ) : (
          <>
            <DiscussionThread
              discussion={discussion.data}
              onShowEarlier={() => discussion.fetchNextPage()}
              isLoadingEarlier={discussion.isFetchingNextPage}
            />
            <CommentForm draftName={`order:${kind}:${headId}`} onSend={send} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
