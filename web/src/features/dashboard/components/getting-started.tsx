import type { companies } from '@extranet/contract';
import { Anchor, Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../shared/ui/form-error';
import { useSetupSteps } from '../api/get-setup-steps';

/** Where each step is taken. */
const STEP_LINKS: Record<companies.SetupStep, string> = {
  company: '/companies/add',
  warehouse: '/companies',
  master_data: '/companies',
  users: '/auth/users/add',
};

/**
 * A bare installation's first steps for role 99, each ticked when the data shows it done; gone
 * once all are.
 */
export function GettingStarted({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const steps = useSetupSteps(enabled);
  if (!enabled) return null;
  if (steps.error) return <FormError error={steps.error} />;
  const items = steps.data?.items ?? [];
  if (items.length === 0 || items.every((item) => item.done)) return null;
  return (
    <Card withBorder padding="lg" radius="md" mb="lg" component="section" aria-labelledby="getting-started">
      <Title order={2} size="h4" id="getting-started">
        {t('dashboard.gettingStarted.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.gettingStarted.intro')}
      </Text>
      <List spacing="sm" listStyleType="none" data-testid="getting-started">
        {items.map((item) => (
          <List.Item key={item.step} data-testid={`setup-step-${item.step}`} data-done={item.done}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon
                variant="light"
                color={item.done ? 'green' : 'gray'}
                radius="xl"
                size={24}
                aria-hidden
              >
                {item.done ? <IconCircleCheck size={16} /> : <IconCircle size={16} />}
              </ThemeIcon>
              <div>
                <Anchor
                  component={Link}
                  to={STEP_LINKS[item.step]}
                  fw={600}
                  td={item.done ? 'line-through' : undefined}
                >
                  {t(`dashboard.gettingStarted.steps.${item.step}.title`)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {item.done
                    ? t('dashboard.gettingStarted.done')
                    : t(`dashboard.gettingStarted.steps.${item.step}.description`)}
                </Text>
              </div>
            </Group>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
