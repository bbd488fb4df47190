import {
  auth,
  type discussions as discussionsContract,
  type Language,
  TOTAL_CAP,
  views,
} from '@extranet/contract';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import type { Actor } from '../../http/session';
import { listUsers } from '../auth/users.service';
import { listDiscussions } from '../discussions/discussions.service';
import { listOrders } from '../orders/orders.service';
import { listSku } from '../sku/sku.service';
import { listStocks } from '../stock/stock.service';
import * as repository from './views.repository';

/** Reading a list's views takes what reading the list takes (its call's permission). */
function assertListReadable(actor: Actor, list: views.ViewList) {
  if (!canReadList(actor, list)) throw new AppError('forbidden', { list });
}

function canReadList(actor: Actor, list: views.ViewList) {
  const permission = views.viewPermission(list);
  return !permission || permission.some((p) => actor.permissions.has(p));
}

const isViewList = (value: string): value is views.ViewList =>
  (views.VIEW_LISTS as readonly string[]).includes(value);

/**
 * A stored view as it opens today: filters the list no longer takes are left out and named,
 * an ordering it no longer has falls back to the list's default, unknown columns are left out.
 */
function toItem(actor: Actor, record: repository.ViewRecord): views.ViewItem {
  const list = record.list as views.ViewList;
  const { filters, dropped } = views.cleanViewFilters(list, record.filters);
  const known: readonly string[] = auth.TABLE_COLUMNS[views.viewTable(list)];
  return {
    view_id: record.id,
    list,
    name: record.name,
    filters,
    dropped_filters: dropped,
    ordering: record.ordering && views.viewOrderings(list).includes(record.ordering) ? record.ordering : null,
    columns: record.columns.filter((column) => known.includes(column)),
    shared: record.shared,
    owner: { user_id: record.ownerId, name: record.ownerName },
    is_own: record.ownerId === actor.userId,
    pinned: record.pinned,
  };
}

/**
 * Saves the actor's view of a list. The schema has checked filters, ordering and columns against
 * the list; a name the actor already has for the list (letter case aside) is replaced in place,
 * keeping its id and pins. A new name past MAX_VIEWS_PER_LIST is refused.
 */
export async function saveView(deps: Deps, actor: Actor, input: views.SaveViewRequest) {
  assertListReadable(actor, input.list);
  const values = {
    name: input.name,
    filters: input.filters,
    ordering: input.ordering,
    columns: input.columns,
    shared: input.shared,
  };
  const viewId = await deps.db.transaction(async (tx) => {
    await repository.lockUserViews(tx, actor.userId);
    const existing = await repository.findOwnViewByName(tx, {
      ownerId: actor.userId,
      list: input.list,
      name: input.name,
    });
    if (existing) {
      await repository.updateView(tx, existing.id, values);
      return existing.id;
    }
    const saved = await repository.countOwnViews(tx, { ownerId: actor.userId, list: input.list });
    if (saved >= views.MAX_VIEWS_PER_LIST) {
      throw new AppError('view_limit_reached', { max: views.MAX_VIEWS_PER_LIST });
    }
    return repository.insertView(tx, { ...values, ownerId: actor.userId, list: input.list });
  });
  return { view_id: viewId };
}

export async function listViews(deps: Deps, actor: Actor, input: views.ListViewsRequest) {
  assertListReadable(actor, input.list);
  const records = await repository.listVisibleViews(deps.db, actor, input.list);
  return { items: records.map((record) => toItem(actor, record)) };
}

/** Only the owner deletes a view; someone else's, shared or not, answers as a missing one. */
export async function deleteView(deps: Deps, actor: Actor, input: { view_id: number }) {
  const deleted = await repository.deleteOwnView(deps.db, { viewId: input.view_id, ownerId: actor.userId });
  if (!deleted) throw new AppError('view_not_found', { view_id: input.view_id });
  return {};
}

/** Pins a view the actor sees (their own or a shared one) on their dashboard, or unpins it. */
export async function pinView(deps: Deps, actor: Actor, input: { view_id: number; pinned: boolean }) {
  await deps.db.transaction(async (tx) => {
    await repository.lockUserViews(tx, actor.userId);
    const view = await repository.findVisibleView(tx, actor, input.view_id);
    if (!view) throw new AppError('view_not_found', { view_id: input.view_id });
    if (!input.pinned) {
      await repository.deletePin(tx, { userId: actor.userId, viewId: view.id });
      return;
    }
    if (view.pinned) return;
    // Pins of views the actor no longer sees (unshared since, owner moved) do not count.
    const pinned = await repository.listPinnedViews(tx, actor);
    if (pinned.length >= views.MAX_PINNED_VIEWS) {
      throw new AppError('view_pin_limit_reached', { max: views.MAX_PINNED_VIEWS });
    }
    await repository.insertPin(tx, { userId: actor.userId, viewId: view.id });
  });
  return {};
}

/**
 * How many rows a view's list shows the actor: the list's own service, with the view's filters, so
 * the list's access rules apply as they do on screen. One page of one row plus its capped total.
 */
async function countViewRows(deps: Deps, actor: Actor, lang: Language, item: views.ViewItem) {
  const query = { page: 0, count: 1, with_total: true };
  const filters = item.filters;
  switch (item.list) {
    case 'purch_orders':
      return listOrders({
        deps,
        actor,
        kind: 'purch',
        input: views.LIST_REQUESTS.purch_orders.parse({ ...query, filters }),
      });
    case 'sales_orders':
      return listOrders({
        deps,
        actor,
        kind: 'sales',
        input: views.LIST_REQUESTS.sales_orders.parse({ ...query, filters }),
      });
    case 'stock':
      return listStocks(deps, actor, views.LIST_REQUESTS.stock.parse({ ...query, filters }), lang);
    case 'sku':
      return listSku(deps, actor, views.LIST_REQUESTS.sku.parse({ ...query, filters }));
    case 'users':
      return listUsers(deps, actor, views.LIST_REQUESTS.users.parse({ ...query, filters }));
    case 'discussions': {
      const { visibility = 'normal', ...rest } = filters as { visibility?: discussionsContract.Visibility };
      const request = views.LIST_REQUESTS.discussions.parse({ ...query, filters: rest });
      return listDiscussions(deps, actor, visibility, request);
    }
  }
}

/** The pinned views with their counts: one query for the views, then one list call per card (six at most). */
export async function listPinnedViews(deps: Deps, actor: Actor, lang: Language) {
  const records = await repository.listPinnedViews(deps.db, actor);
  const items: views.PinnedView[] = [];
  for (const record of records) {
    if (!isViewList(record.list)) continue;
    const item = toItem(actor, record);
    if (!canReadList(actor, item.list)) {
      items.push({ ...item, total: null });
      continue;
    }
    const page = await countViewRows(deps, actor, lang, item);
    const total = page.total ?? page.items.length;
    const capped = page.total_capped === true || total > TOTAL_CAP;
    items.push({
      ...item,
      total: Math.min(total, TOTAL_CAP),
      ...(capped ? { total_capped: true as const } : {}),
    });
  }
  return { items };
}
