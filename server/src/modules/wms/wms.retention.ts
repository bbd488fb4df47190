import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { wmsEvents } from '../../db/schema';
import { forgetEndedJobs } from '../../jobs/outbox';
import { sendQueue } from '../orders/orders.sends';
import { simulatedEventQueue } from './wms.outbox';

/**
 * Forgets what is long over: the ids of warehouse events applied more than `days` ago, and the
 * warehouse link's jobs that ended (done or cancelled) that long ago. Ids are remembered so that a
 * warehouse resending an event is refused; one that resends after a month has bigger problems,
 * and an old signature is refused by its timestamp anyway. Answers how many rows went.
 */
export async function forgetOldWmsRecords(db: Executor, days: number): Promise<number> {
  const before = sql`now() - make_interval(days => ${days})`;
  const events = await db
    .delete(wmsEvents)
    .where(lt(wmsEvents.receivedAt, before))
    .returning({ id: wmsEvents.id });
  const ended = await forgetEndedJobs(db, [sendQueue, simulatedEventQueue], days);
  return events.length + ended;
}
