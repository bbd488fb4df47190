import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visibleSections } from '../../../shared/navigation';
import { useSession } from '../../../shared/session';

/** One card per section the user may open (the same permission rules as the left menu). */
export function QuickLinks() {
  const { t } = useTranslation();
  const session = useSession();
  const sections = visibleSections(session);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {sections.map((section) => {
        const Icon = section.icon;
        return (
          <Card
            key={section.id}
            component={Link}
            to={section.to}
            withBorder
            padding="lg"
            radius="md"
            data-testid={`quick-link-${section.id}`}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                  <Icon size={22} stroke={1.6} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{t(`dashboard.sections.${section.id}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`dashboard.sections.${section.id}.description`)}
                  </Text>
                </div>
              </Group>
              <IconArrowRight size={18} aria-hidden color="var(--mantine-color-dimmed)" />
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
