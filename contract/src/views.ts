import { z } from 'zod';
import type { Permission } from './access';
import * as auth from './auth';
import { type CallDef, defineCall } from './call';
import * as discussions from './discussions';
import { Empty, Id, Ok } from './list';
import * as orders from './orders';
import * as sku from './sku';
import * as stock from './stock';

/** The lists a view can be saved of (issue 34 "Saved views"). */
export const VIEW_LISTS = ['purch_orders', 'sales_orders', 'stock', 'sku', 'users', 'discussions'] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

/** How long a view's name may be, after trimming. */
export const VIEW_NAME_MAX = 80;
/** How many views one user may keep of one list: past it, save_view refuses a new name. */
export const MAX_VIEWS_PER_LIST = 100;
/** How many views one user may pin on the dashboard. */
export const MAX_PINNED_VIEWS = 6;

/**
 * What a list's views are checked against: the filters of the list's own request schema (the same
 * object the list call validates with), its orderings, the columns of its table (auth.TABLE_COLUMNS)
 * and the call whose permission reading it takes. The discussions list has three calls, one per tab;
 * its views keep the tab as the filter `visibility`.
 */
const LIST_DEFS = {
  purch_orders: {
    filters: orders.ListPurchOrdersRequest.shape.filters,
    orderings: orders.ORDER_ORDERINGS,
    table: 'orders_purch',
    call: orders.purch.listOrders,
  },
  sales_orders: {
    filters: orders.ListSalesOrdersRequest.shape.filters,
    orderings: orders.ORDER_ORDERINGS,
    table: 'orders_sales',
    call: orders.sales.listOrders,
  },
  stock: {
    filters: stock.ListStocksRequest.shape.filters,
    orderings: stock.STOCK_ORDERINGS,
    table: 'stock',
    call: stock.listStocks,
  },
  sku: {
    filters: sku.ListSkuRequest.shape.filters,
    orderings: sku.SKU_ORDERINGS,
    table: 'sku',
    call: sku.listSku,
  },
  users: {
    filters: auth.ListUsersRequest.shape.filters,
    orderings: auth.USER_ORDERINGS,
    table: 'users',
    call: auth.listUsers,
  },
  discussions: {
    filters: z
      .strictObject({
        ...discussions.ListDiscussionsRequest.shape.filters.unwrap().shape,
        visibility: z.enum(discussions.VISIBILITIES),
      })
      .partial(),
    orderings: discussions.DISCUSSION_ORDERINGS,
    table: 'discussions',
    call: discussions.listDiscussionNormal,
  },
} as const satisfies Record<
  ViewList,
  { filters: z.ZodType; orderings: readonly string[]; table: auth.TableId; call: CallDef }
>;

/** The request schema of each list's call: a view's count is the list's own answer (the dashboard). */
export const LIST_REQUESTS = {
  purch_orders: orders.ListPurchOrdersRequest,
  sales_orders: orders.ListSalesOrdersRequest,
  stock: stock.ListStocksRequest,
  sku: sku.ListSkuRequest,
  users: auth.ListUsersRequest,
  discussions: discussions.ListDiscussionsRequest,
} as const;

/** The filter schema a list's views are checked against (the list request's own). */
export function viewFilters(list: ViewList): z.ZodType<Record<string, unknown>> {
  return LIST_DEFS[list].filters as z.ZodType<Record<string, unknown>>;
}

/** The orderings of a list, with `-` for descending. */
export function viewOrderings(list: ViewList): string[] {
  return LIST_DEFS[list].orderings.flatMap((key) => [key, `-${key}`]);
}

/** The column table of a list (auth.TABLE_COLUMNS, the column chooser's). */
export function viewTable(list: ViewList): auth.TableId {
  return LIST_DEFS[list].table;
}

/** Any one of these permissions lets a user read the list, and so save and open its views. */
export function viewPermission(list: ViewList): readonly Permission[] | undefined {
  const call: CallDef = LIST_DEFS[list].call;
  return call.permission;
}

/**
 * A stored view's filters, in their wire form (dates as `{$date}`), as they can be applied today: each one the list's filter schema still
 * accepts on its own is kept, any other one (a filter the list no longer has, a value of a type it
 * no longer takes) is dropped and named. The one rule of "opens without it": the server answers
 * list_views with it, the web shows what was dropped.
 */
export function cleanViewFilters(list: ViewList, filters: Record<string, unknown>) {
  const schema = viewFilters(list);
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const parsed = schema.safeParse({ [key]: value });
    if (parsed.success && key in parsed.data) kept[key] = value;
    else dropped.push(key);
  }
  return { filters: kept, dropped: dropped.sort() };
}

export const ViewName = z.string().trim().min(1).max(VIEW_NAME_MAX);

/**
 * A filter object in its wire form, as the list call takes it (`{$date: ...}`), and so stored and
 * answered: the web encodes and decodes it with viewFilters(list). Its keys and values are checked
 * against the list's own schema.
 */
const ViewFilterValues = z.record(z.string().max(40), z.unknown());

/**
 * A view to save. `filters` must pass the list's own filter schema (unknown key:
 * crud_filter_unknown, wrong value: crud_filter_invalid_type, both HTTP 400 as for the list
 * itself); `ordering` must be one of the list's (crud_order_unknown); `columns` are columns of the
 * list's table, each once, in the table's order or any (empty: the table's default columns).
 * Saving a name the caller already has for this list (letter case aside) replaces that view.
 */
export const SaveViewRequest = z
  .object({
    list: z.enum(VIEW_LISTS),
    name: ViewName,
    filters: ViewFilterValues.default({}),
    ordering: z.string().max(60).nullable().default(null),
    columns: z.array(z.string().max(40)).max(40).default([]),
    shared: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    const parsed = viewFilters(value.list).safeParse(value.filters);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({ ...issue, path: ['filters', ...issue.path] } as never);
      }
    }
    if (value.ordering !== null && !viewOrderings(value.list).includes(value.ordering)) {
      context.addIssue({ code: 'custom', path: ['ordering'], message: `Not an ordering of ${value.list}` });
    }
    const known: readonly string[] = auth.TABLE_COLUMNS[viewTable(value.list)];
    const seen = new Set<string>();
    for (const [index, column] of value.columns.entries()) {
      if (!known.includes(column) || seen.has(column)) {
        context.addIssue({
          code: 'custom',
          path: ['columns', index],
          message: seen.has(column) ? 'Column named twice' : `Not a column of ${value.list}`,
        });
      }
      seen.add(column);
    }
  });
export type SaveViewRequest = z.infer<typeof SaveViewRequest>;

export const SaveViewResponse = z.object({ view_id: Id });

export const ListViewsRequest = z.object({ list: z.enum(VIEW_LISTS) });
export type ListViewsRequest = z.infer<typeof ListViewsRequest>;

export const ViewOwner = z.object({ user_id: Id, name: z.string() });

export const ViewItem = z.object({
  view_id: Id,
  list: z.enum(VIEW_LISTS),
  name: z.string(),
  /** The filters that still apply (cleanViewFilters). */
  filters: z.record(z.string(), z.unknown()),
  /** Saved filters the list no longer takes: the view opens without them. */
  dropped_filters: z.array(z.string()),
  /** null: the list's default ordering (also when the saved one is no longer the list's). */
  ordering: z.string().nullable(),
  /** Empty: the table's default columns. */
  columns: z.array(z.string()),
  shared: z.boolean(),
  /** Who saved it: `name` is their full name, or their username when they have none. */
  owner: ViewOwner,
  /** The caller saved it, so may change and delete it. */
  is_own: z.boolean(),
  /** The caller pinned it on their dashboard. */
  pinned: z.boolean(),
});
export type ViewItem = z.infer<typeof ViewItem>;

export const ListViewsResponse = z.object({ items: z.array(ViewItem) });

export const ViewIdRequest = z.object({ view_id: Id });

export const PinViewRequest = z.object({ view_id: Id, pinned: z.boolean() });

export const PinnedView = ViewItem.extend({
  /** Rows the view's list shows the caller, up to TOTAL_CAP; null when the caller can no longer read the list. */
  total: z.int().min(0).nullable(),
  total_capped: z.literal(true).optional(),
});
export type PinnedView = z.infer<typeof PinnedView>;

/** A user's saved views are theirs as a person: an API key makes these calls only with the `personal` scope. */
const PERSONAL = { access: 'session', personal: true } as const;

export const saveView = defineCall({
  path: '/views/save_view',
  summary:
    "Saves a list's filters, ordering and shown columns under a name (the caller's view of that name is replaced); shared: seen by the users of the caller's companies.",
  ...PERSONAL,
  request: SaveViewRequest,
  response: SaveViewResponse,
});

export const listViews = defineCall({
  path: '/views/list_views',
  summary:
    "The caller's views of one list and those shared by users of the caller's companies, with filters the list no longer takes left out and named.",
  ...PERSONAL,
  request: ListViewsRequest,
  response: ListViewsResponse,
});

export const deleteView = defineCall({
  path: '/views/delete_view',
  summary: 'Deletes one of the caller’s own views (a view shared by someone else: view_not_found).',
  ...PERSONAL,
  request: ViewIdRequest,
  response: Ok,
});

export const pinView = defineCall({
  path: '/views/pin_view',
  summary: `Pins a view the caller sees on their dashboard, or unpins it; at most ${MAX_PINNED_VIEWS} pinned.`,
  ...PERSONAL,
  request: PinViewRequest,
  response: Ok,
});

export const listPinnedViews = defineCall({
  path: '/views/list_pinned_views',
  summary: 'The views the caller pinned, each with how many rows its list shows them (capped as lists are).',
  ...PERSONAL,
  request: Empty,
  response: z.object({ items: z.array(PinnedView) }),
});
