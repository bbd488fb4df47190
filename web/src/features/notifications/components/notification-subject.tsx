import type { notifications } from '@extranet/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a notification is about: "Purchase order PO-2026-00179", or the discussion's name. */
export function subjectText(
  t: (key: string, options?: Record<string, unknown>) => string,
  subject: notifications.NotificationSubject,
): string {
  if (subject.order) {
    return t(`notifications.subject.${subject.order.kind}`, {
      code: subject.order.external_code ?? `#${subject.order.head_id}`,
    });
  }
  return subject.discussion_name;
}

export function NotificationSubject({ subject }: { subject: notifications.NotificationSubject }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" fw={600} c="blue.9" truncate>
      {subjectText(t, subject)}
    </Text>
  );
}
