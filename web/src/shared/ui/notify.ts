import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/error-message';
import { i18n } from '../i18n';

/** A toast's close button has only an icon: it needs a name of its own (axe: button-name). */
function closeButtonProps() {
  return { 'aria-label': i18n.t('common.close') };
}

/** Toasts (SPEC.md §8 'Toasts'): one place so that every screen looks and behaves the same. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 4000, closeButtonProps: closeButtonProps() });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: 6000, closeButtonProps: closeButtonProps() });
}

export function notifyApiError(error: unknown): void {
  notifyError(errorMessage(i18n.t, error));
}
