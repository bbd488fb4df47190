import { discussions } from '@extranet/contract';
import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { authorName } from '../../../shared/messages/comment-text';
import { DataState } from '../../../shared/ui/data-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { useAddCommentGeneral } from '../api/add-comment-general';
import { useDiscussionGeneral } from '../api/get-discussion-general';
import { CommentForm, type CommentFormValues } from '../components/comment-form';
import { DiscussionThread } from '../components/discussion-thread';

/** SPEC.md §2 'Discussion view': the thread with refresh, attached files and a new-comment form. */
export function DiscussionViewPage() {
  const discussionId = positiveInt(useParams().discussionId ?? null) ?? 0;
  return <DiscussionView key={discussionId} discussionId={discussionId} />;
}

function DiscussionView({ discussionId }: { discussionId: number }) {
  const { t } = useTranslation();
  const discussion = useDiscussionGeneral(discussionId);
  const addComment = useAddCommentGeneral();

  // A page of earlier comments that fails to load is reported by the thread, which stays.
  if (discussion.data === undefined) {
    return (
      <Stack>
        <PageTitle title={t('discussions.view.title')} section={t('discussions.list.title')} />
        <DataState query={discussion}>{() => null}</DataState>
      </Stack>
    );
  }

  const data = discussion.data;
  const withUsers = data.visibility === 'normal' || data.visibility === 'private';
  const members = data.members.map((member) => authorName(t, member)).join(', ');
  const send = (values: CommentFormValues) =>
    addComment.mutateAsync({
      discussion_id: data.discussion_id,
      text: values.text,
      files: values.files,
      users: withUsers ? values.users : [],
    });

  return (
    <Stack gap="md" maw={960}>
      <PageTitle
        title={discussions.discussionName(t, data)}
        section={t('discussions.list.title')}
        description={
          <Stack gap={4} component="span">
            <Group gap="xs" component="span">
              <span>{data.company.name}</span>
              <Badge variant="light" component="span">
                {t(`discussions.visibility.${data.visibility}`)}
              </Badge>
            </Group>
            {withUsers && members && (
              <span data-testid="discussion-members">
                {t(
                  data.visibility === 'private'
                    ? 'discussions.view.members'
                    : 'discussions.view.participants',
                )}
                {': '}
                {members}
              </span>
            )}
          </Stack>
        }
        actions={
          <RefreshButton
            onRefresh={() => discussion.refetch()}
            loading={discussion.isFetching}
            label={t('discussions.view.refresh')}
          />
        }
      />
      <Paper withBorder radius="md" p="md">
        <DiscussionThread
          discussion={data}
          onShowEarlier={() => discussion.fetchNextPage()}
          isLoadingEarlier={discussion.isFetchingNextPage}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('discussions.comment.title')}
          </Title>
          <CommentForm
            companyId={withUsers ? data.company_id : undefined}
            draftName={`discussion:${data.discussion_id}`}
            onSend={send}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
