import { and, type SQL, sql } from 'drizzle-orm';
import { discussionMembers, discussions, purchHeads, salesHeads } from '../db/schema';
import type { Actor } from '../http/session';
import { companyCondition } from './tenancy';

/** The actor wrote the discussion or was chosen for it. */
export function isParticipant(actor: Actor): SQL {
  return sql`(${discussions.authorId} = ${actor.userId} or exists (select 1 from ${discussionMembers} where ${discussionMembers.discussionId} = ${discussions.id} and ${discussionMembers.userId} = ${actor.userId}))`;
}

/**
 * Who reads a discussion (DESIGN.md §4): broadcast and normal ones, every user of the company;
 * private ones, their author and chosen users (whatever the role: privacy is not tenancy); an
 * order's discussion, users of the company with the order kind's permission while the order exists.
 */
export function readableCondition(actor: Actor): SQL {
  const order: SQL[] = [];
  if (actor.permissions.has('pord')) {
    order.push(
      sql`exists (select 1 from ${purchHeads} where ${purchHeads.id} = ${discussions.purchHeadId} and ${purchHeads.excludedAt} is null)`,
    );
  }
  if (actor.permissions.has('sord')) {
    order.push(
      sql`exists (select 1 from ${salesHeads} where ${salesHeads.id} = ${discussions.salesHeadId} and ${salesHeads.excludedAt} is null)`,
    );
  }
  const orderCondition = order.length ? sql`(${sql.join(order, sql` or `)})` : sql`false`;
  return and(
    companyCondition(actor, discussions.companyId),
    sql`(${discussions.visibility} in ('broadcast', 'normal')
      or (${discussions.visibility} = 'private' and ${isParticipant(actor)})
      or (${discussions.visibility} = 'order' and ${orderCondition}))`,
  )!;
}
