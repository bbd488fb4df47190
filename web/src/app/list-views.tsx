import { ViewsMenu } from '../features/views/components/views-menu';
import type { ListViewsSlot } from '../shared/ui/list-views-slot';

/** The saved views menu of the views feature, lent to every list table (shared/ui/paged-table.tsx). */
export const ListViews: ListViewsSlot = ViewsMenu;
