import type { ComponentType } from 'react';
import type { OrderKind } from '../api/keys';

/**
 * Where the order view shows the order's discussion (SPEC.md §2 'View order'). The discussions
 * feature draws it; the app passes it in (app/router.tsx), since features never import each other.
 */
export type OrderDiscussionSlot = ComponentType<{ kind: OrderKind; headId: number }>;
