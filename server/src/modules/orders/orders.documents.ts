import type { orders } from '@extranet/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files, orderDocuments, slotBookings, slots } from '../../db/schema';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import type { Actor } from '../../http/session';
import { findOrderHead } from './orders.repository';

type OrderKind = orders.OrderKind;

/*
 * What the warehouse link adds to an order, read with it: its slot booking (modules/slots) and
 * the documents the warehouse sent (modules/wms). The rows are theirs; the order shows them.
 */

/** The order's booked slot, or null. */
export async function findOrderSlot(
  db: Executor,
  kind: OrderKind,
  headId: number,
): Promise<orders.OrderSlot | null> {
  const [row] = await db
    .select({
      booking_id: slotBookings.id,
      slot_id: slots.id,
      location_id: slots.locationId,
      starts_at: slots.startsAt,
      ends_at: slots.endsAt,
      reason: slotBookings.reason,
    })
    .from(slotBookings)
    .innerJoin(slots, eq(slots.id, slotBookings.slotId))
    .where(and(eq(slotBookings.kind, kind), eq(slotBookings.headId, headId)));
  return row ?? null;
}

const documentColumns = {
  document_id: orderDocuments.id,
  type: orderDocuments.type,
  name: orderDocuments.name,
  size: files.size,
  created_at: orderDocuments.creationDate,
  file_code: files.code,
};

function toDocument(row: { type: string } & Omit<orders.OrderDocument, 'type'>): orders.OrderDocument {
  return { ...row, type: row.type as orders.DocumentType };
}

/** One document as the API shows it. */
export async function findOrderDocument(db: Executor, documentId: number) {
  const [row] = await db
    .select(documentColumns)
    .from(orderDocuments)
    .innerJoin(files, eq(files.id, orderDocuments.fileId))
    .where(eq(orderDocuments.id, documentId));
  return row ? toDocument(row) : undefined;
}

/** The documents of an order the actor may read, newest first; another company's order is missing. */
export async function listOrderDocuments(options: {
  deps: Deps;
  actor: Actor;
  kind: OrderKind;
  headId: number;
}): Promise<orders.ListDocumentsResponse> {
  const { deps, actor, kind } = options;
  const head = await findOrderHead(deps.db, actor, kind, options.headId);
  if (!head) throw new AppError('order_not_found', { head_id: options.headId });
  const rows = await deps.db
    .select(documentColumns)
    .from(orderDocuments)
    .innerJoin(files, eq(files.id, orderDocuments.fileId))
    .where(and(eq(orderDocuments.kind, kind), eq(orderDocuments.headId, head.id)))
    .orderBy(desc(orderDocuments.creationDate), desc(orderDocuments.id));
  return { items: rows.map(toDocument) };
}
