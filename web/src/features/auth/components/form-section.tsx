import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One of the profile editor's separate forms: a titled card (a landmark named by its title). */
export function FormSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
