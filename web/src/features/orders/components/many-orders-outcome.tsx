import type { orders } from '@extranet/contract';
import { Anchor, CloseButton, Group, List, Paper, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api';
import type { ManyOrderAction } from '../api/act-on-many';
import type { OrderKind } from '../api/keys';
import { problemText } from './order-problems';
import { orderPaths } from './paths';

export interface ManyOrdersOutcomeValue {
  action: ManyOrderAction;
  results: orders.ManyOrdersResult[];
  /** The codes of the orders acted on, to name them. */
  codes: ReadonlyMap<number, string | null>;
}

type Problem = Pick<orders.Problem, 'code' | 'details'>;

/** Why one order was not done, in the reader's words: an incomplete order names its errors. */
function reasonOf(t: TFunction, failure: NonNullable<orders.ManyOrdersResult['failure']>): string {
  const message = errorMessage(t, new ApiError(failure.code, failure.details));
  const errors = (failure.details as { errors?: Problem[] } | undefined)?.errors;
  if (failure.code !== 'order_incomplete' || !Array.isArray(errors) || errors.length === 0) return message;
  return `${message}: ${errors.map((problem) => problemText(t, problem)).join('; ')}`;
}

/** How many orders an action on many did, and each one it did not, linked, with its reason. */
export function ManyOrdersOutcome({
  kind,
  outcome,
  onClose,
}: {
  kind: OrderKind;
  outcome: ManyOrdersOutcomeValue;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refused = outcome.results.filter((result) => !result.ok);
  const done = outcome.results.length - refused.length;
  return (
    // A bordered panel, not a tinted Alert: the links to the orders keep their contrast (axe).
    <Paper withBorder radius="md" p="sm" data-testid="many-outcome" role="status">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text fw={600}>
          {t(`orders.many.done.${outcome.action}`, { done, count: outcome.results.length })}
        </Text>
        <CloseButton aria-label={t('orders.many.closeOutcome')} onClick={onClose} />
      </Group>
      {refused.length > 0 && (
        <>
          <Text size="sm" fw={600} mt={4}>
            {t('orders.many.refused', { count: refused.length })}
          </Text>
          <List size="sm" spacing={4} data-testid="many-refused">
            {refused.map((result) => (
              <List.Item key={result.head_id}>
                <Anchor component={Link} to={orderPaths.view(kind, result.head_id)} fw={600}>
                  {outcome.codes.get(result.head_id) ?? `#${result.head_id}`}
                </Anchor>
                {': '}
                <span style={{ overflowWrap: 'anywhere' }}>
                  {result.failure ? reasonOf(t, result.failure) : ''}
                </span>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}
