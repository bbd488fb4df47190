import type { discussions as contract } from '@extranet/contract';
import { and, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discussionOrder } from '../../db/discussion-order';
import { emailRates, notifications, users } from '../../db/schema';
import { writingLanguage } from '../../i18n';
import { type EmailPayload, emailQueue } from '../../jobs/email';
import { enqueue } from '../../jobs/outbox';
import { selectNotificationItems } from './notifications.repository';
import { renderSummary, SUMMARY_MAX_ITEMS } from './notifications.summary-text';

const USERS_PER_TICK = 50;

/**
 * For every user whose summary period has passed and who has unseen notifications not
 * mailed yet, writes one email to the outbox, marks those notifications mailed and stamps the
 * user's last summary, all in one transaction. Users are claimed FOR UPDATE SKIP LOCKED, so two
 * instances never summarise the same user, and a restart never summarises the same notifications
 * again. Returns how many summaries were queued.
 */
export async function enqueueEmailSummaries(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: users.id,
        email: users.email,
        lang: users.lang,
        fio: users.fio,
        username: users.username,
      })
      .from(users)
      .innerJoin(emailRates, eq(emailRates.id, users.emailRateId))
      .where(
        and(
          eq(users.excluded, false),
          isNotNull(users.email),
          ne(users.email, ''),
          or(
            isNull(users.lastSummaryAt),
            lte(users.lastSummaryAt, sql`now() - make_interval(mins => ${emailRates.minutes})`),
          ),
          sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${users.id} and ${notifications.emailed} = false and ${notifications.seen} = false)`,
        ),
      )
      .orderBy(users.id)
      .limit(USERS_PER_TICK)
      .for('update', { of: users, skipLocked: true });

    for (const user of due) {
      const marked = await tx
        .update(notifications)
        .set({ emailed: true })
        .where(
          and(
            eq(notifications.userId, user.id),
            eq(notifications.emailed, false),
            eq(notifications.seen, false),
          ),
        )
        .returning({ id: notifications.id });
      if (marked.length === 0) continue;
      const items = await selectNotificationItems(tx)
        .where(
          inArray(
            notifications.id,
            marked.map((row) => row.id),
          ),
        )
        .orderBy(desc(notifications.creationDate), desc(notifications.id))
        .limit(SUMMARY_MAX_ITEMS);
      const message = renderSummary({
        lang: writingLanguage(user.lang),
        name: user.fio || user.username,
        total: marked.length,
        items: items.reverse().map((item) => ({
          creationDate: item.creationDate,
          sender: item.fio || item.username,
          discussion: { name: item.discussionName, order: discussionOrder(item) },
          text: item.text,
          dict: item.dict as contract.SystemText | null,
          withFiles: item.withFiles,
        })),
      });
      const payload: EmailPayload = { to: user.email!, ...message };
      const [stamp] = await tx
        .update(users)
        .set({ lastSummaryAt: sql`now()` })
        .where(eq(users.id, user.id))
        .returning({ at: users.lastSummaryAt });
      await enqueue(tx, emailQueue, [{ key: `summary:${user.id}:${stamp!.at!.toISOString()}`, payload }]);
    }
    return due.length;
  });
}
