import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

/**
 * The one h1 of a screen, with an optional line under it and actions on the right. It names the
 * browser tab too: '<record> · <section> · <product>', where a text title stands for the record
 * when none is given ('New purchase order · Purchase orders', or 'Purchase orders' alone).
 */
export function PageTitle({
  title,
  record,
  section,
  description,
  actions,
}: {
  title: ReactNode;
  /** The record the screen shows, for the tab: its code or name. */
  record?: string;
  /** The section the screen belongs to, for the tab: the name of its list. */
  section?: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const text = typeof title === 'string' ? title : undefined;
  useDocumentTitle([record ?? text, section]);

  return (
    <Group justify="space-between" align="flex-start" gap="sm" mb="lg">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </div>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
