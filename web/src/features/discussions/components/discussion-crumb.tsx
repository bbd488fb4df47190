import { discussions } from '@extranet/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDiscussionGeneralQueryOptions } from '../api/get-discussion-general';

/** A breadcrumb naming a discussion once its page has loaded it (reads the cached query only). */
export function DiscussionCrumb({ discussionId }: { discussionId: number }) {
  const { t } = useTranslation();
  const discussion = useInfiniteQuery({ ...getDiscussionGeneralQueryOptions(discussionId), enabled: false });
  return discussion.data ? discussions.discussionName(t, discussion.data) : t('discussions.breadcrumbs.view');
}
