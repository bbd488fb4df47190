import type { apikeys } from '@extranet/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<apikeys.KeyStatus, string> = { active: 'green', expired: 'gray', revoked: 'red' };

export function KeyStatusBadge({ status }: { status: apikeys.KeyStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="dot" tt="none">
      {t(`apikeys.status.${status}`)}
    </Badge>
  );
}
