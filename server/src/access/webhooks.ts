import { orders, type Permission, webhooks } from '@extranet/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { companies, discussions, users } from '../db/schema';
import { AppError } from '../http/errors';
import { ACTIVE_COMPANY_IDS, ACTOR_USER_COLUMNS, type Actor, actorOf } from '../http/session';
import { readableCondition } from './discussions';
import { companyCondition } from './tenancy';

/**
 * Who may receive what through a webhook (issue 28, finding 3). An endpoint sends a company's
 * records to a URL its owner chose, so it may carry only what its owner may read through the API:
 * the event types are checked when the endpoint is saved, and every event again when it is
 * delivered, against the owner as they are then (permissions, companies, umgr, deactivation).
 * What each event type needs is named once, in contract WEBHOOK_EVENT_SOURCES.
 */

type EventType = webhooks.WebhookEventType;
type Refusal = webhooks.DeliveryRefusal;

/** Refuses with webhook_event_not_permitted naming the first type the actor may not choose. */
export function assertEventsPermitted(actor: Actor, events: readonly EventType[]) {
  const permitted = new Set(webhooks.permittedEventTypes(actor.permissions));
  const refused = events.find((type) => !permitted.has(type));
  if (refused === undefined) return;
  const source = webhooks.WEBHOOK_EVENT_SOURCES[refused];
  throw new AppError('webhook_event_not_permitted', {
    event: refused,
    reason: source,
    permissions: webhooks.WEBHOOK_SOURCE_PERMISSIONS[source],
  });
}

/** The user as the access rules see them now, with whether they are deactivated. */
async function ownerOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ ...ACTOR_USER_COLUMNS, companyIds: ACTIVE_COMPANY_IDS, excluded: users.excluded })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return { actor: actorOf(row), excluded: row.excluded };
}

const holdsOne = (owner: Actor, needed: readonly Permission[]): Refusal | null =>
  needed.length === 0 || needed.some((permission) => owner.permissions.has(permission))
    ? null
    : { code: 'owner_permission', permission: needed[0] };

const OrderEventData = z.object({ kind: z.enum(orders.ORDER_KINDS) });
const CommentEventData = z.object({ discussion: z.object({ discussion_id: z.number() }) });

/** What the owner must be allowed, by the source of the event (contract WEBHOOK_EVENT_SOURCES). */
const SOURCE_RULES: {
  [S in webhooks.WebhookEventSource]: (db: Executor, owner: Actor, data: unknown) => Promise<Refusal | null>;
} = {
  order: async (_db, owner, data) =>
    holdsOne(owner, [webhooks.ORDER_KIND_PERMISSION[OrderEventData.parse(data).kind]]),
  stock: async (_db, owner) => holdsOne(owner, webhooks.WEBHOOK_SOURCE_PERMISSIONS.stock),
  discussion: async (db, owner, data) => {
    const { discussion } = CommentEventData.parse(data);
    const [readable] = await db
      .select({ id: discussions.id })
      .from(discussions)
      .where(and(eq(discussions.id, discussion.discussion_id), readableCondition(owner)));
    return readable ? null : { code: 'owner_discussion' };
  },
};

/**
 * Why the event may not go to an endpoint of this owner now, or null when it may: the owner must
 * exist, be active, still manage users (umgr), have the event's company, and be allowed to read
 * the event's data.
 */
export async function deliveryRefusal(
  db: Executor,
  options: { ownerId: number | null; event: { type: string; companyId: number; data: unknown } },
): Promise<Refusal | null> {
  const owner = options.ownerId === null ? undefined : await ownerOf(db, options.ownerId);
  if (!owner) return { code: 'owner_missing' };
  if (owner.excluded) return { code: 'owner_deactivated' };
  if (!owner.actor.permissions.has('umgr')) return { code: 'owner_not_manager' };
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, options.event.companyId), companyCondition(owner.actor, companies.id)));
  if (!company) return { code: 'owner_company' };
  const source = webhooks.WEBHOOK_EVENT_SOURCES[options.event.type as EventType];
  // A type this server no longer knows is not sent: nothing says who may read it.
  if (!source) return { code: 'owner_permission' };
  return SOURCE_RULES[source](db, owner.actor, options.event.data);
}
