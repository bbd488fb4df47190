import { NotificationBell } from '../../features/notifications/components/notification-bell';

/** The header's notification dropdown (SPEC.md §2 'Header notification dropdown'). */
export function NotificationsSlot() {
  return <NotificationBell />;
}
