import type { orders } from '@extranet/contract';
import { Alert, List, Stack } from '@mantine/core';
import { IconAlertTriangle, IconExclamationCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** One problem of an order in the reader's words, naming its SKUs. */
export function problemText(t: TFunction, problem: Pick<orders.Problem, 'code' | 'details'>): string {
  return t(`orders.Problem.${problem.code}`, { skus: problem.details?.skus?.join(', ') ?? '' });
}

function ProblemList({ problems }: { problems: orders.Problem[] }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={2}>
      {problems.map((problem) => (
        <List.Item key={problem.code}>{problemText(t, problem)}</List.Item>
      ))}
    </List>
  );
}

/**
 * SPEC.md §2 'View order': errors in red (they block ready), warnings in yellow; none for templates.
 * `live`: the edit form's own check of what is typed, before anything is saved.
 */
export function OrderProblems({
  problems,
  isTemplate,
  live = false,
}: {
  problems: orders.Problems;
  isTemplate: boolean;
  live?: boolean;
}) {
  const { t } = useTranslation();
  if (isTemplate || (problems.errors.length === 0 && problems.warnings.length === 0)) return null;
  return (
    <Stack gap="sm">
      {problems.errors.length > 0 && (
        <Alert
          color="red"
          title={live ? t('orders.edit.liveErrorsTitle') : t('orders.view.errorsTitle')}
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
          icon={<IconExclamationCircle aria-hidden />}
          data-testid={live ? 'order-live-errors' : 'order-errors'}
        >
          <ProblemList problems={problems.errors} />
        </Alert>
      )}
      {problems.warnings.length > 0 && (
        <Alert
          color="yellow"
          title={t('orders.view.warningsTitle')}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          icon={<IconAlertTriangle aria-hidden />}
          data-testid={live ? 'order-live-warnings' : 'order-warnings'}
        >
          <ProblemList problems={problems.warnings} />
        </Alert>
      )}
    </Stack>
  );
}
