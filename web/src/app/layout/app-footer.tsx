import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function AppFooter({ withSupportLink = true }: { withSupportLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="space-between" gap="xs" py="sm" c="dimmed" fz="sm">
      <Text inherit>{t('layout.footer.copyright')}</Text>
      {withSupportLink && (
        <Anchor component={Link} to="/support" inherit>
          {t('layout.footer.support')}
        </Anchor>
      )}
    </Group>
  );
}
