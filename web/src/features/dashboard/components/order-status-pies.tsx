import type { graphs } from '@extranet/contract';
import {
  Anchor,
  Box,
  Card,
  Center,
  ColorSwatch,
  Group,
  List,
  Loader,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../shared/session';
import { useListPurchStatuses } from '../api/list-purch-statuses';
import { useListSalesStatuses } from '../api/list-sales-statuses';
import { StatusPieChart } from './status-pie-chart';

type Kind = 'purch' | 'sales';

const COLORS: Record<string, string> = {
  draft: 'gray.6',
  ready: 'blue.6',
  sent: 'indigo.6',
  failure: 'red.6',
  sync: 'teal.6',
};

/** The list of one kind filtered to one progress (what a slice stands for). */
const sliceLink = (kind: Kind, progress: string) => `/orders/${kind}?progress=${progress}`;

function StatusPie({
  kind,
  counts,
  loading,
}: {
  kind: Kind;
  counts: graphs.StatusCount[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = `order-status-pie-${kind}`;
  const items = counts ?? [];
  const total = items.reduce((sum, item) => sum + item.count, 0);
  const data = items.map((item) => ({
    name: t(`graphs.progress.${item.desc}`),
    value: item.count,
    color: COLORS[item.desc] ?? 'gray.4',
    progress: item.desc,
  }));

  return (
    <Card withBorder radius="md" padding="lg" data-testid={`status-pie-${kind}`}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {t(`graphs.title.${kind}`)}
      </Title>
      {loading ? (
        <Center mih={200}>
          <Loader aria-label={t('common.loading')} role="progressbar" />
        </Center>
      ) : total === 0 ? (
        <Text c="dimmed" size="sm">
          {t('graphs.empty')}
        </Text>
      ) : (
        <Group align="center" gap="xl" wrap="wrap">
          {/* The chart is a picture of the list next to it, which carries the same links. */}
          <div role="img" aria-label={t('graphs.summary', { count: total })}>
            <StatusPieChart
              data={data}
              onSliceClick={(index) => {
                const slice = data[index];
                if (slice) navigate(sliceLink(kind, slice.progress));
              }}
            />
          </div>
          <List listStyleType="none" spacing={6} aria-labelledby={titleId}>
            {data.map((slice) => (
              <List.Item key={slice.progress}>
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${slice.color.replace('.', '-')})`} size={14} />
                  <Anchor
                    component={Link}
                    to={sliceLink(kind, slice.progress)}
                    data-testid={`status-slice-${kind}-${slice.progress}`}
                    data-count={slice.value}
                  >
                    {`${slice.name}: ${slice.value}`}
                  </Anchor>
                </Group>
              </List.Item>
            ))}
          </List>
        </Group>
      )}
    </Card>
  );
}

/** SPEC.md §1: the purchase and sales order counts per status, each slice opening its list. */
export function OrderStatusPies() {
  const { t } = useTranslation();
  const session = useSession();
  const purch = useListPurchStatuses(session.pord);
  const sales = useListSalesStatuses(session.sord);
  if (!session.pord && !session.sord) return null;
  return (
    <Box component="section" aria-label={t('graphs.sectionLabel')} mt="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {session.pord && <StatusPie kind="purch" counts={purch.data?.items} loading={purch.isPending} />}
        {session.sord && <StatusPie kind="sales" counts={sales.data?.items} loading={sales.isPending} />}
      </SimpleGrid>
    </Box>
  );
}
