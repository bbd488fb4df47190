import { type Permission, ROLE_ADMIN } from '@extranet/contract';
import {
  type Icon,
  IconBarcode,
  IconBuildingCommunity,
  IconBuildingWarehouse,
  IconCalendarEvent,
  IconKey,
  IconMessages,
  IconPackageExport,
  IconPackageImport,
  IconReportAnalytics,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import type { Session } from '../session';

/**
 * The workplace sections of SPEC.md §2 'Left menu', shown by permission. The menu and the
 * dashboard's quick links read this one list, so they never disagree.
 */
export interface Section {
  id:
    | 'users'
    | 'companies'
    | 'apiKeys'
    | 'webhooks'
    | 'purchaseOrders'
    | 'salesOrders'
    | 'slots'
    | 'stock'
    | 'sku'
    | 'reports'
    | 'discussions';
  group: 'management' | 'orders' | null;
  to: string;
  /** Any session holding this flag may see the section; none means everyone. */
  permission?: Permission;
  /** Or any session holding one of these. */
  anyPermission?: readonly Permission[];
  /** Only for role 99, the logistics provider's own staff. */
  adminOnly?: boolean;
  icon: Icon;
}

export const SECTIONS: readonly Section[] = [
  { id: 'users', group: 'management', to: '/auth/users', permission: 'umgr', icon: IconUsers },
  { id: 'companies', group: 'management', to: '/companies', adminOnly: true, icon: IconBuildingCommunity },
  { id: 'apiKeys', group: 'management', to: '/apikeys', permission: 'umgr', icon: IconKey },
  { id: 'webhooks', group: 'management', to: '/webhooks', permission: 'umgr', icon: IconWebhook },
  { id: 'purchaseOrders', group: 'orders', to: '/orders/purch', permission: 'pord', icon: IconPackageImport },
  { id: 'salesOrders', group: 'orders', to: '/orders/sales', permission: 'sord', icon: IconPackageExport },
  { id: 'slots', group: 'orders', to: '/slots', anyPermission: ['pord', 'sord'], icon: IconCalendarEvent },
  { id: 'stock', group: null, to: '/stock', permission: 'stck', icon: IconBuildingWarehouse },
  { id: 'sku', group: null, to: '/sku', permission: 'stck', icon: IconBarcode },
  { id: 'reports', group: null, to: '/reports', permission: 'reps', icon: IconReportAnalytics },
  { id: 'discussions', group: null, to: '/discussions', icon: IconMessages },
];

export function visibleSections(session: Pick<Session, Permission | 'role'>): Section[] {
  return SECTIONS.filter(
    (section) =>
      (!section.permission || session[section.permission]) &&
      (!section.anyPermission || section.anyPermission.some((permission) => session[permission])) &&
      (!section.adminOnly || session.role === ROLE_ADMIN),
  );
}
