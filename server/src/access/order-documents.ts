import { type SQL, sql } from 'drizzle-orm';
import { orderDocuments, purchHeads, salesHeads } from '../db/schema';
import type { Actor } from '../http/session';
import { consigneeCondition } from './tenancy';

/**
 * A file is a document the warehouse sent about an order the actor may read (DESIGN.md §4): one of
 * the actor's companies, the order kind's permission (pord, sord), the order not deleted.
 */
export function readableDocumentCondition(actor: Actor, fileId: SQL | { getSQL(): SQL }): SQL {
  const kinds: SQL[] = [];
  const heads = [
    ['purch', purchHeads, 'pord'],
    ['sales', salesHeads, 'sord'],
  ] as const;
  for (const [kind, table, permission] of heads) {
    if (!actor.permissions.has(permission)) continue;
    const scope = consigneeCondition(actor, table.consigneeId) ?? sql`true`;
    kinds.push(sql`(${orderDocuments.kind} = ${kind} and exists (select 1 from ${table}
      where ${table.id} = ${orderDocuments.headId} and ${table.excludedAt} is null and ${scope}))`);
  }
  if (kinds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${orderDocuments} where ${orderDocuments.fileId} = ${fileId}
    and (${sql.join(kinds, sql` or `)}))`;
}
