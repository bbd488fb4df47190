import { type auth, decode, encode, views } from '@extranet/contract';

/**
 * How each list keeps a filter in its URL (the list pages' own parameters: `consignee`, `party`,
 * `q`, ...). A view is saved from these and opened by writing them, so it goes through the same
 * URL state as any change on the list; `sort` holds the ordering.
 * - `id`: a positive number; `text`: as is; `flag`: `1` when true (absent: the filter is left
 *   out); `bool`: `1` when true, and false when absent (the orders' template checkbox).
 */
type Kind = 'id' | 'text' | 'flag' | 'bool';
type UrlFields = Readonly<Record<string, { param: string; kind: Kind }>>;

const ORDER_FIELDS = {
  consignee_id: { param: 'consignee', kind: 'id' },
  smart: { param: 'q', kind: 'text' },
  creation_date_from: { param: 'from', kind: 'text' },
  creation_date_to: { param: 'to', kind: 'text' },
  is_template: { param: 'template', kind: 'bool' },
  progress: { param: 'progress', kind: 'text' },
} as const satisfies UrlFields;

const URL_FIELDS: Record<views.ViewList, UrlFields> = {
  purch_orders: { ...ORDER_FIELDS, vendor_id: { param: 'party', kind: 'id' } },
  sales_orders: {
    ...ORDER_FIELDS,
    customer_id: { param: 'party', kind: 'id' },
    shipped_without_tracking: { param: 'untracked', kind: 'flag' },
  },
  stock: {
    consignee_id: { param: 'consignee', kind: 'id' },
    sku_id: { param: 'sku', kind: 'id' },
    smart: { param: 'q', kind: 'text' },
  },
  sku: { consignee_id: { param: 'consignee', kind: 'id' }, smart: { param: 'q', kind: 'text' } },
  users: {
    role_id: { param: 'role', kind: 'id' },
    company_id: { param: 'company', kind: 'id' },
    smart: { param: 'q', kind: 'text' },
  },
  discussions: {
    visibility: { param: 'tab', kind: 'text' },
    company_id: { param: 'company', kind: 'id' },
    smart: { param: 'q', kind: 'text' },
  },
};

const TABLE_LISTS: Partial<Record<auth.TableId, views.ViewList>> = {
  orders_purch: 'purch_orders',
  orders_sales: 'sales_orders',
  stock: 'stock',
  sku: 'sku',
  users: 'users',
  discussions: 'discussions',
};

/** The list a table shows, when views can be saved of it. */
export function listOfTable(tableId: auth.TableId): views.ViewList | undefined {
  return TABLE_LISTS[tableId];
}

/** Where each list lives in the app. */
export const LIST_PATHS: Record<views.ViewList, string> = {
  purch_orders: '/orders/purch',
  sales_orders: '/orders/sales',
  stock: '/stock',
  sku: '/sku',
  users: '/auth/users',
  discussions: '/discussions',
};

function readParam(value: string | null, kind: Kind): unknown {
  if (kind === 'bool') return value === '1';
  if (value === null || value === '') return undefined;
  if (kind === 'flag') return value === '1' ? true : undefined;
  if (kind === 'id') {
    const number = Number(value);
    return Number.isSafeInteger(number) && number > 0 ? number : undefined;
  }
  return value;
}

/**
 * The list's filters as its URL holds them now, in their wire form (the list's own filter schema
 * encodes them: dates as `{$date}`); what the list's schema would refuse is left out, as the list
 * itself ignores it.
 */
export function filtersFromUrl(list: views.ViewList, params: URLSearchParams): Record<string, unknown> {
  const schema = views.viewFilters(list);
  const filters: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(URL_FIELDS[list])) {
    const value = readParam(params.get(field.param), field.kind);
    if (value === undefined) continue;
    const encoded = encodeOne(schema, key, value);
    if (encoded !== undefined) filters[key] = encoded;
  }
  return filters;
}

function encodeOne(schema: ReturnType<typeof views.viewFilters>, key: string, value: unknown) {
  try {
    return (encode(schema, { [key]: value }) as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** The list's ordering as the URL holds it, if it is one of the list's. */
export function orderingFromUrl(list: views.ViewList, params: URLSearchParams): string | null {
  const sort = params.get('sort');
  return sort && views.viewOrderings(list).includes(sort) ? sort : null;
}

/**
 * The URL of a list showing a view: every filter parameter of the list written from the view (or
 * cleared), its ordering as `sort`, the first page; other parameters (page size) kept. A filter
 * the list's URL cannot hold is named in `unshown`, as a dropped one is.
 */
export function viewToUrl(
  list: views.ViewList,
  view: Pick<views.ViewItem, 'filters' | 'ordering'>,
  current: URLSearchParams = new URLSearchParams(),
): { params: URLSearchParams; unshown: string[] } {
  const fields = URL_FIELDS[list];
  const params = new URLSearchParams(current);
  let decoded: Record<string, unknown> = {};
  try {
    decoded = decode(views.viewFilters(list), view.filters);
  } catch {
    // list_views answers only filters the schema takes; anything else opens without them.
  }
  for (const field of Object.values(fields)) params.delete(field.param);
  for (const [key, value] of Object.entries(decoded)) {
    const field = fields[key];
    if (!field) continue;
    if (field.kind === 'bool' || field.kind === 'flag') {
      if (value === true) params.set(field.param, '1');
    } else params.set(field.param, String(value));
  }
  if (view.ordering) params.set('sort', view.ordering);
  else params.delete('sort');
  params.delete('page');
  return { params, unshown: Object.keys(view.filters).filter((key) => !fields[key]) };
}
