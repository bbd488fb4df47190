import type { webhooks } from '@extranet/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ENDPOINT_COLORS: Record<webhooks.EndpointStatus, string> = {
  active: 'green',
  paused: 'red',
  off: 'gray',
};
const DELIVERY_COLORS: Record<webhooks.DeliveryStatus, string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

export function EndpointStatusBadge({ status }: { status: webhooks.EndpointStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={ENDPOINT_COLORS[status]} variant="dot" tt="none">
      {t(`webhooks.endpointStatus.${status}`)}
    </Badge>
  );
}

export function DeliveryStatusBadge({ status }: { status: webhooks.DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={DELIVERY_COLORS[status]} variant="dot" tt="none">
      {t(`webhooks.deliveryStatus.${status}`)}
    </Badge>
  );
}
