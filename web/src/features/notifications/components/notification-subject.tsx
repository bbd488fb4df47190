import { discussions, type notifications } from '@extranet/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a notification is about: "Purchase order PO-2026-00179" in the reader's language, or the discussion's name. */
export function subjectText(
  t: (key: string, options: { code: string }) => string,
  subject: notifications.NotificationSubject,
): string {
  return discussions.discussionName(t, { name: subject.discussion_name, order: subject.order });
}

export function NotificationSubject({ subject }: { subject: notifications.NotificationSubject }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" fw={600} c="blue.9" truncate>
      {subjectText(t, subject)}
    </Text>
  );
}
