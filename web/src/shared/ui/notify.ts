import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/error-message';
import { i18n } from '../i18n';

/** A toast's close button has only an icon: it needs a name of its own (axe: button-name). */
function closeButtonProps() {
  return { 'aria-label': i18n.t('common.close') };
}

/** Error toasts still on screen: a success that follows them makes them stale. */
const shownErrors = new Set<string>();

/**
 * Toasts (SPEC.md §8 'Toasts'): one place so that every screen looks and behaves the same. A
 * success takes away the errors before it ("Input form has errors" next to "Order created").
 */
export function notifySuccess(message: string): void {
  for (const id of shownErrors) notifications.hide(id);
  shownErrors.clear();
  notifications.show({ color: 'green', message, autoClose: 4000, closeButtonProps: closeButtonProps() });
}

export function notifyError(message: string): void {
  const id = notifications.show({
    color: 'red',
    message,
    autoClose: 6000,
    closeButtonProps: closeButtonProps(),
    onClose: () => shownErrors.delete(id),
  });
  shownErrors.add(id);
}

export function notifyApiError(error: unknown): void {
  notifyError(errorMessage(i18n.t, error));
}
