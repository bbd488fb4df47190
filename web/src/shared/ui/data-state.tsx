import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api';

/** What DataState needs of a query: TanStack Query's result fits as it is. */
export interface DataQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching?: boolean;
  refetch: () => unknown;
}

function LoadingState() {
  const { t } = useTranslation();
  return (
    <Center py="xl" data-state="loading">
      <Loader aria-label={t('common.loading')} role="progressbar" />
    </Center>
  );
}

/**
 * A load that failed: what went wrong, in the user's language, and a Retry button. `compact`
 * keeps it to one line above data that is still on screen from before.
 */
export function FailedState({
  error,
  onRetry,
  retrying,
  compact,
  children,
}: {
  error: unknown;
  onRetry: () => unknown;
  retrying?: boolean;
  compact?: boolean;
  /** A way on from here (a link back to the list). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle aria-hidden />}
      title={compact ? t('lists.state.refreshFailed') : t('lists.state.failed')}
      styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
      data-state="failed"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{errorMessage(t, error)}</Text>
        <Button size="xs" variant="filled" color="red" onClick={() => void onRetry()} loading={retrying}>
          {t('lists.state.retry')}
        </Button>
      </Group>
      {children}
    </Alert>
  );
}

/** Nothing to show: a list without rows, said as the list says it ("No orders found"). */
export function EmptyState({ text }: { text: string }) {
  return (
    <Stack align="center" gap={4} py="xl" c="dimmed" data-state="empty">
      <IconInbox size={28} aria-hidden />
      <Text size="sm">{text}</Text>
    </Stack>
  );
}

/**
 * The one way a list or a view shows what its query is doing: loading, failed (the error and a
 * Retry button), empty, or its data. A failure never looks like an empty list. When a refresh
 * fails while earlier data is on screen, the data stays and the failure shows above it.
 */
export function DataState<T>({
  query,
  isEmpty,
  emptyText,
  failedExtra,
  children,
}: {
  query: DataQuery<T>;
  /** Shown under a failure that left nothing on screen (a link back to the list). */
  failedExtra?: ReactNode;
  /** Whether the data counts as nothing to show; lists pass their row test. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  const retry = () => query.refetch();
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <FailedState error={query.error} onRetry={retry} retrying={query.isFetching}>
          {failedExtra}
        </FailedState>
      );
    }
    return <LoadingState />;
  }
  const data = query.data;
  return (
    <>
      {query.isError && (
        <FailedState error={query.error} onRetry={retry} retrying={query.isFetching} compact />
      )}
      {isEmpty?.(data) && emptyText ? <EmptyState text={emptyText} /> : children(data)}
    </>
  );
}
