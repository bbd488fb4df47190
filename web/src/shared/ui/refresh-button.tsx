import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface RefreshButtonProps {
  onRefresh: () => unknown;
  /** The data is being fetched: the button spins. */
  loading: boolean;
  /** What it refreshes, for screen readers; "Refresh" by default. */
  label?: string;
  /** `subtle` inside a panel; the default suits a page title. */
  variant?: ActionIconProps['variant'];
}

/** The refresh icon button of a page or panel, the same everywhere. */
export function RefreshButton({ onRefresh, loading, label, variant = 'default' }: RefreshButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('common.refresh')}>
      <ActionIcon
        variant={variant}
        size={variant === 'subtle' ? undefined : 'lg'}
        aria-label={label ?? t('common.refresh')}
        onClick={() => void onRefresh()}
        loading={loading}
      >
        <IconRefresh size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
