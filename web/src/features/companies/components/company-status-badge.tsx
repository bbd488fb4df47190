import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CompanyStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {active ? t('companies.status.active') : t('companies.status.inactive')}
    </Badge>
  );
}
