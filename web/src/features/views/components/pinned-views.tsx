import { views } from '@extranet/contract';
import {
  ActionIcon,
  Box,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconPinnedOff } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../../shared/i18n/numbers';
import { DataState } from '../../../shared/ui/data-state';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';
import { useListPinnedViews } from '../api/list-pinned-views';
import { usePinView } from '../api/pin-view';
import { LIST_PATHS } from '../url-state';
import { useOpenView } from './use-open-view';

/**
 * The dashboard's pinned views (issue 34): a card per view with how many rows its list shows the
 * user, capped as the lists are ("10,000+"); a click opens the list with the view.
 */
export function PinnedViews() {
  const { t } = useTranslation();
  const headingId = useId();
  const pinned = useListPinnedViews();
  return (
    <Box component="section" aria-labelledby={headingId} mt="xl">
      <Title order={2} size="h4" mb="sm" id={headingId}>
        {t('views.pinned.title')}
      </Title>
      <DataState query={pinned}>
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('views.pinned.empty')}
            </Text>
          ) : (
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3 }}
              spacing="sm"
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {data.items.map((view) => (
                <PinnedCard key={view.view_id} view={view} />
              ))}
            </SimpleGrid>
          )
        }
      </DataState>
    </Box>
  );
}

function PinnedCard({ view }: { view: views.PinnedView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openView = useOpenView(views.viewTable(view.list));
  const unpin = usePinView();
  const unpinLabel = t('views.pinned.unpin', { name: view.name });
  const count =
    view.total === null
      ? null
      : view.total_capped
        ? t('views.pinned.capped', { count: view.total })
        : formatNumber(view.total);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="pinned-view">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <UnstyledButton
          style={{ flex: 1, minWidth: 0 }}
          disabled={view.total === null}
          onClick={() => {
            const params = openView(view);
            navigate({ pathname: LIST_PATHS[view.list], search: `?${params}` });
          }}
        >
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t(`views.lists.${view.list}`)}
            </Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {view.name}
            </Text>
            {count === null ? (
              <Text size="sm" c="dimmed">
                {t('views.pinned.noAccess')}
              </Text>
            ) : (
              <Text size="xl" fw={700} data-testid="pinned-view-count">
                {count}
              </Text>
            )}
            {!view.is_own && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('views.pinned.sharedBy', { name: view.owner.name })}
              </Text>
            )}
          </Stack>
        </UnstyledButton>
        <Tooltip label={unpinLabel}>
          <ActionIcon
            variant="subtle"
            aria-label={unpinLabel}
            loading={unpin.isPending}
            onClick={() =>
              unpin.mutate(
                { view_id: view.view_id, pinned: false },
                {
                  onSuccess: () => notifySuccess(t('views.pin.unpinned', { name: view.name })),
                  onError: notifyApiError,
                },
              )
            }
          >
            <IconPinnedOff size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
