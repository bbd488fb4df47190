import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { savedViews, userCompanies } from '../db/schema';
import type { Actor } from '../http/session';

/**
 * The saved views a user sees (issue 34): their own, and the shared ones of users who share a
 * company with them, by the companies assigned to each. Role 99 included: a view is a person's way
 * of looking at a list, not company data, so role 99 sees the shared views of its own companies'
 * users, not every company's. A view outside this behaves as a missing one; only its owner changes
 * or deletes it (the owner's id, not this condition, guards those).
 */
export function visibleViewCondition(actor: Actor): SQL {
  const own = eq(savedViews.ownerId, actor.userId);
  if (actor.companyIds.length === 0) return own;
  const sharesCompany = sql`exists (select 1 from ${userCompanies} where ${userCompanies.userId} = ${savedViews.ownerId} and ${inArray(userCompanies.companyId, [...actor.companyIds])})`;
  return or(own, and(eq(savedViews.shared, true), sharesCompany)) as SQL;
}
