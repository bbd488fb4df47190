import type { NotificationType, Permission } from '@extranet/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names of roles, permissions and notification types in the current language, by id; the
 * server's English name is only a fallback for an id this version does not know.
 */
export function useAccessLabels() {
  const { t } = useTranslation();
  return {
    roleName: useCallback(
      (roleId: number, fallback?: string) =>
        t(`auth.roles.${roleId}`, { defaultValue: fallback ?? `#${roleId}` }),
      [t],
    ),
    permissionName: useCallback(
      (permission: Permission, fallback?: string) =>
        t(`auth.permissions.${permission}`, { defaultValue: fallback ?? permission }),
      [t],
    ),
    notificationTypeName: useCallback(
      (type: NotificationType, fallback?: string) =>
        t(`auth.notificationTypes.${type}`, { defaultValue: fallback ?? type }),
      [t],
    ),
  };
}
