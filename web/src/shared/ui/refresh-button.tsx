import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './refresh-button.module.css';

export interface RefreshButtonProps {
  onRefresh: () => unknown;
  /** The data is being fetched: the button spins. */
  loading: boolean;
  /** What it refreshes, for screen readers; "Refresh" by default. */
  label?: string;
  /** `subtle` inside a panel; the default suits a page title. */
  variant?: ActionIconProps['variant'];
}

/**
 * A labelled button's height: Mantine's 36 px inner box inside its 1 px border, grown so by
 * app/wrapping.css's min-height on both (a label may wrap onto a second line).
 */
const LABELLED_BUTTON_HEIGHT = 38;

/**
 * The refresh icon button of a page or panel, the same everywhere: as tall as the labelled buttons
 * beside it, its icon centred, turning in place while the data is fetched (Mantine's `loading`
 * slides the icon down and out, which left it sitting low at every refresh).
 */
export function RefreshButton({ onRefresh, loading, label, variant = 'default' }: RefreshButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('common.refresh')}>
      <ActionIcon
        variant={variant}
        size={variant === 'subtle' ? undefined : LABELLED_BUTTON_HEIGHT}
        aria-label={label ?? t('common.refresh')}
        aria-busy={loading}
        onClick={() => void onRefresh()}
      >
        <IconRefresh size={18} aria-hidden className={loading ? classes.spinning : undefined} />
      </ActionIcon>
    </Tooltip>
  );
}
