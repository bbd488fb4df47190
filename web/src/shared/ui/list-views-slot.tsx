import type { auth } from '@extranet/contract';
import { type ComponentType, createContext, useContext } from 'react';

/** What a list table shows beside its Columns button: the saved views of the list (features/views). */
export type ListViewsSlot = ComponentType<{ tableId: auth.TableId }>;

const ListViewsSlotContext = createContext<ListViewsSlot | null>(null);

/**
 * The app lends the views feature's menu to every list table (app/layout/workplace-layout.tsx),
 * since features never import each other and the tables live in shared/.
 */
export const ListViewsSlotProvider = ListViewsSlotContext.Provider;

export function ListViewsMenu({ tableId }: { tableId: auth.TableId }) {
  const Slot = useContext(ListViewsSlotContext);
  return Slot ? <Slot tableId={tableId} /> : null;
}
