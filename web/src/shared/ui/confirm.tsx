import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from '../i18n';

/**
 * Asks before an action (SPEC.md §8 'Behaviour'): the app's one confirm dialog. `text` is the
 * question; `danger` colours the confirm button red for what cannot be taken back. The dialog
 * closes on either answer; the action's own outcome is told by a toast.
 */
export function confirmAction(options: {
  title: string;
  text: ReactNode;
  confirm: string;
  danger?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or the close button. */
  onCancel?: () => void;
}): void {
  modals.openConfirmModal({
    title: options.title,
    children:
      typeof options.text === 'string' ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {options.text}
        </Text>
      ) : (
        options.text
      ),
    labels: { confirm: options.confirm, cancel: i18n.t('common.cancel') },
    confirmProps: options.danger ? { color: 'red' } : undefined,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    onConfirm: options.onConfirm,
    onCancel: options.onCancel,
    onClose: options.onCancel,
  });
}
