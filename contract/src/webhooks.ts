import { z } from 'zod';
import { PERMISSIONS, type Permission } from './access';
import { type CallDef, defineCall } from './call';
import { zDateTime } from './codec';
import { Comment, DiscussionOrder, VISIBILITIES } from './discussions';
import { Id, listRequest, listResponse, Ok } from './list';
import {
  ORDER_KINDS,
  OrderDocument,
  OrderProgressSchema,
  OrderSlot,
  OrderStatus,
  PurchOrder,
  SalesOrder,
} from './orders';
import { hostProblem, isAllowedHost, normalizeAllowedHost } from './report-url';
import { StockRow } from './stock';

/**
 * Webhooks: a company's systems are told of changes to its records as they happen. A user with
 * umgr registers endpoints (a URL and the events wanted); the server POSTs each event as JSON,
 * signed with the endpoint's secret, retried for a day, in order per record.
 */

export const WEBHOOK_EVENT_TYPES = [
  'order.progress_changed',
  'order.status_changed',
  'order.quantities_reported',
  'order.slot_changed',
  'order.document_added',
  'stock.changed',
  'discussion.comment_added',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Whose data an event carries, and so what the owner of an endpoint must be allowed to read to
 * receive it: checked when the endpoint is saved and again at every delivery
 * (server/src/access/webhooks.ts). A new event type names its source here, nowhere else.
 * - `order`: the order kind's permission (purchase orders `pord`, sales orders `sord`);
 * - `stock`: `stck`;
 * - `discussion`: the discussion must be one its owner reads (broadcast and normal ones of the
 *   owner's company; an order's, with the order kind's permission).
 */
export const WEBHOOK_EVENT_SOURCES = {
  'order.progress_changed': 'order',
  'order.status_changed': 'order',
  'order.quantities_reported': 'order',
  'order.slot_changed': 'order',
  'order.document_added': 'order',
  'stock.changed': 'stock',
  'discussion.comment_added': 'discussion',
} as const satisfies Record<WebhookEventType, 'order' | 'stock' | 'discussion'>;
export type WebhookEventSource = (typeof WEBHOOK_EVENT_SOURCES)[WebhookEventType];

/**
 * One of these is needed to subscribe to a source's events (none: every user of a company reads
 * its broadcasts). An order event then goes only with its own kind's permission.
 */
export const WEBHOOK_SOURCE_PERMISSIONS: Record<WebhookEventSource, readonly Permission[]> = {
  order: ['pord', 'sord'],
  stock: ['stck'],
  discussion: [],
};

/** What a user with these permissions may subscribe an endpoint to: the default of a new endpoint. */
export function permittedEventTypes(permissions: Iterable<Permission>): WebhookEventType[] {
  const held = new Set(permissions);
  return WEBHOOK_EVENT_TYPES.filter((type) => {
    const needed = WEBHOOK_SOURCE_PERMISSIONS[WEBHOOK_EVENT_SOURCES[type]];
    return needed.length === 0 || needed.some((permission) => held.has(permission));
  });
}

/** The permission an order event of this kind needs. */
export const ORDER_KIND_PERMISSION = { purch: 'pord', sales: 'sord' } as const satisfies Record<
  (typeof ORDER_KINDS)[number],
  Permission
>;

/** `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>` */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
/** Unix seconds of the attempt, signed with the body: a receiver refuses old ones (replays). */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** The event's id, the same in every attempt and "send again": a receiver skips one it has seen. */
export const WEBHOOK_EVENT_ID_HEADER = 'x-webhook-id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'x-webhook-event';

/** Every secret starts so, which tells it from other tokens. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export type WebhookUrlProblem = 'credentials' | 'insecure_scheme' | 'private_address' | 'local_name';

/**
 * Why a webhook URL is refused, or null when the server may POST to it. The server itself makes
 * the request, so a URL into its own network (loopback, private ranges, local names) would let a
 * user reach what sits behind the firewall: refused unless the operator lists the host in
 * WEBHOOK_ALLOWED_HOSTS. Plain http only to such listed hosts; anything public needs https. A
 * password in the URL is refused: the list shows URLs to every user with umgr. The server checks
 * the addresses a name resolves to again when it sends.
 */
export function webhookUrlProblem(
  url: string,
  allowedHosts: readonly string[] = [],
): WebhookUrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) return 'credentials';
  if (isAllowedWebhookHost(parsed, allowedHosts)) return null;
  if (parsed.protocol !== 'https:') return 'insecure_scheme';
  return hostProblem(parsed.hostname);
}

/**
 * An operator's WEBHOOK_ALLOWED_HOSTS entry, normalised, or null when it is not one: a host as
 * REPORT_ALLOWED_HOSTS takes it (`erp.corp`, `*.corp.example`, `10.0.0.5`, `::1` or `[::1]`),
 * optionally with a port (`erp.corp:8080`, `[::1]:8443`) or `:*` for every port. A bare host means
 * ports 80 and 443 only: allowing a host should not open every service it runs.
 */
export function normalizeWebhookHost(entry: string): string | null {
  const text = entry.trim();
  let host = text;
  let port: string | undefined;
  if (text.startsWith('[')) {
    const match = /^(\[[^\]]*\])(?::(.*))?$/.exec(text);
    if (!match) return null;
    host = match[1]!;
    port = match[2];
  } else if (text.split(':').length === 2) {
    [host, port] = text.split(':') as [string, string];
  }
  if (port !== undefined && port !== '*') {
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) return null;
    port = String(Number(port));
  }
  const normal = normalizeAllowedHost(host);
  if (normal === null) return null;
  return port === undefined ? normal : `${normal}:${port}`;
}

/** The URL's host and port are allowed by an entry of normalizeWebhookHost. */
export function isAllowedWebhookHost(url: URL, allowedHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.some((entry) => {
    const [, host, allowedPort] = /^(.*?)(?::(\d+|\*))?$/.exec(entry)!;
    const portAllowed =
      allowedPort === undefined
        ? port === '80' || port === '443'
        : allowedPort === '*' || allowedPort === port;
    return portAllowed && isAllowedHost(url.hostname, [host!]);
  });
}

export const WebhookUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, message: 'Invalid URL format' }));

export const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, { message: 'An event is named twice' });

export const ENDPOINT_STATUSES = ['active', 'paused', 'off'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

export const EndpointRow = z.object({
  endpoint_id: Id,
  company: z.object({ company_id: Id, name: z.string() }),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** active; paused by the server after failing for a day; off, turned off by its users. */
  status: z.enum(ENDPOINT_STATUSES),
  paused_at: zDateTime.nullable(),
  /** The first failed attempt since the last delivered one; null while it answers. */
  failing_since: zDateTime.nullable(),
  owner: z.object({ user_id: Id, username: z.string() }).nullable(),
  creation_date: zDateTime,
});
export type EndpointRow = z.infer<typeof EndpointRow>;

export const ListEndpointsRequest = listRequest({ company_id: Id, endpoint_id: Id }, ['creation_date']);
export type ListEndpointsRequest = z.infer<typeof ListEndpointsRequest>;

export const AddEndpointRequest = z.object({
  company_id: Id,
  url: WebhookUrl,
  /** Only types whose data the caller may read; without it, every such type (permittedEventTypes). */
  events: WebhookEvents.optional(),
});
export type AddEndpointRequest = z.infer<typeof AddEndpointRequest>;

export const AddEndpointResponse = z.object({
  endpoint_id: Id,
  /** Shown this once: the receiver checks signatures with it. */
  secret: z.string(),
});

export const EditEndpointRequest = z.object({
  endpoint_id: Id,
  url: WebhookUrl.optional(),
  events: WebhookEvents.optional(),
  /** true turns a paused or turned-off endpoint on again; false turns it off. */
  active: z.boolean().optional(),
  /** A new secret, answered this once; the old one stops signing at once. */
  rotate_secret: z.boolean().optional(),
});
export type EditEndpointRequest = z.infer<typeof EditEndpointRequest>;

export const EditEndpointResponse = z.object({ secret: z.string().optional() });

export const EndpointIdRequest = z.object({ endpoint_id: Id });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Why an event was not sent: at every delivery the endpoint's owner must still be an active user
 * with umgr, of the event's company, allowed to read the event's data (WEBHOOK_EVENT_SOURCES).
 * - owner_missing: the owner's account was deleted;
 * - owner_deactivated: the owner is deactivated;
 * - owner_not_manager: the owner no longer has umgr;
 * - owner_company: the event's company is not (or no longer) one of the owner's;
 * - owner_permission: the owner lacks `permission`, which the event's data needs;
 * - owner_discussion: the owner may not read the discussion of the comment.
 */
export const DELIVERY_REFUSALS = [
  'owner_missing',
  'owner_deactivated',
  'owner_not_manager',
  'owner_company',
  'owner_permission',
  'owner_discussion',
] as const;
export const DeliveryRefusal = z.object({
  code: z.enum(DELIVERY_REFUSALS),
  permission: z.enum(PERMISSIONS).optional(),
});
export type DeliveryRefusal = z.infer<typeof DeliveryRefusal>;

export const DeliveryRow = z.object({
  delivery_id: Id,
  event_id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  /** pending: queued or waiting for its next attempt; delivered: a 2xx answer; failed: given up. */
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int(),
  /** The HTTP status of the last answer; null without one (a timeout, a refused connection). */
  response_code: z.int().nullable(),
  /** How long the last attempt took, in milliseconds. */
  duration_ms: z.int().nullable(),
  error: z.string().nullable(),
  /** Set when the event was not sent because its owner may not (or no longer) read it. */
  refusal: DeliveryRefusal.nullable(),
  creation_date: zDateTime,
  last_attempt: zDateTime.nullable(),
});
export type DeliveryRow = z.infer<typeof DeliveryRow>;

/** The log keeps 30 days. */
export const DELIVERY_LOG_DAYS = 30;

export const ListDeliveriesRequest = listRequest({ status: z.enum(DELIVERY_STATUSES) }, [
  'creation_date',
]).extend({ endpoint_id: Id });
export type ListDeliveriesRequest = z.infer<typeof ListDeliveriesRequest>;

export const RedeliverRequest = z.object({ delivery_id: Id });
export const RedeliverResponse = z.object({ delivery_id: Id });

// ---------------------------------------------------------------- what is delivered

/** An order as the API shows it, less what depends on who reads it. */
const READER_FIELDS = { problems: true, can_update: true, can_ready: true, can_unready: true } as const;
export const WebhookPurchOrder = PurchOrder.omit(READER_FIELDS);
export const WebhookSalesOrder = SalesOrder.omit(READER_FIELDS);
export type WebhookPurchOrder = z.infer<typeof WebhookPurchOrder>;
export type WebhookSalesOrder = z.infer<typeof WebhookSalesOrder>;
const OrderData = {
  kind: z.enum(ORDER_KINDS),
  order: z.union([WebhookPurchOrder, WebhookSalesOrder]),
};

export const OrderProgressChanged = z.object({
  ...OrderData,
  change: z.object({ old: OrderProgressSchema, new: OrderProgressSchema }),
});
export const OrderStatusChanged = z.object({
  ...OrderData,
  change: z.object({ old: OrderStatus, new: OrderStatus }),
});
export const OrderQuantitiesReported = z.object({
  ...OrderData,
  /** The SKUs (external codes) whose received or delivered quantities the warehouse reported. */
  skus: z.array(z.string()),
});
/** The order's slot booking changed: booked, moved or cancelled (null), by the client or the warehouse. */
export const OrderSlotChanged = z.object({
  ...OrderData,
  slot: OrderSlot.nullable(),
  /** Who changed it: the warehouse gives a reason. */
  by: z.enum(['user', 'warehouse']),
  reason: z.string().nullable(),
});
/** The warehouse sent a document about the order; its file downloads through /api/files/download. */
export const OrderDocumentAdded = z.object({ ...OrderData, document: OrderDocument });
/** One SKU's stock after a change, as /stock/list_stocks shows its rows (at most 1,000). */
export const StockChanged = z.object({
  consignee: z.object({ consignee_id: Id, name: z.string() }),
  sku: z.object({ sku_id: Id, external_code: z.string(), name: z.string() }),
  rows: z.array(StockRow),
  more: z.boolean(),
});
export const CommentAdded = z.object({
  discussion: z.object({
    discussion_id: Id,
    name: z.string(),
    visibility: z.enum([...VISIBILITIES, 'order']),
    company_id: Id,
    order: DiscussionOrder.nullable(),
  }),
  comment: Comment,
});

export const WEBHOOK_DATA = {
  'order.progress_changed': OrderProgressChanged,
  'order.status_changed': OrderStatusChanged,
  'order.quantities_reported': OrderQuantitiesReported,
  'order.slot_changed': OrderSlotChanged,
  'order.document_added': OrderDocumentAdded,
  'stock.changed': StockChanged,
  'discussion.comment_added': CommentAdded,
} as const satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookData<T extends WebhookEventType> = z.output<(typeof WEBHOOK_DATA)[T]>;

/** The body of every delivery: `data` is the record as the API shows it, typed values tagged. */
export const WebhookEventBody = z.object({
  event_id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  time: zDateTime,
  company_id: Id,
  data: z.unknown(),
});

// ---------------------------------------------------------------- calls

/** Webhooks are managed by users who manage users: they decide what leaves the company. */
const MANAGE: Pick<CallDef, 'access' | 'permission'> = { access: 'session', permission: ['umgr'] };

export const listEndpoints = defineCall({
  path: '/webhooks/list_endpoints',
  summary: "Webhook endpoints of the caller's companies, newest first.",
  ...MANAGE,
  request: ListEndpointsRequest,
  response: listResponse(EndpointRow),
});

export const addEndpoint = defineCall({
  path: '/webhooks/add_endpoint',
  summary:
    "Registers an endpoint for one of the caller's companies, for event types whose data the caller may read; answers its secret, this once.",
  ...MANAGE,
  request: AddEndpointRequest,
  response: AddEndpointResponse,
});

export const editEndpoint = defineCall({
  path: '/webhooks/edit_endpoint',
  summary:
    'Changes the URL or events of an endpoint (whoever does becomes its owner), turns it on or off, or gives it a new secret.',
  ...MANAGE,
  request: EditEndpointRequest,
  response: EditEndpointResponse,
});

export const deleteEndpoint = defineCall({
  path: '/webhooks/delete_endpoint',
  summary: 'Deletes an endpoint with its delivery log; deliveries not yet made are dropped.',
  ...MANAGE,
  request: EndpointIdRequest,
  response: Ok,
});

export const listDeliveries = defineCall({
  path: '/webhooks/list_deliveries',
  summary: "An endpoint's deliveries of the last 30 days, newest first.",
  ...MANAGE,
  request: ListDeliveriesRequest,
  response: listResponse(DeliveryRow),
});

export const redeliver = defineCall({
  path: '/webhooks/redeliver',
  summary: 'Sends a delivered or failed event to its endpoint again, after what is queued for its record.',
  ...MANAGE,
  request: RedeliverRequest,
  response: RedeliverResponse,
});
