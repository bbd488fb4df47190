import type { discussions as contract } from '@extranet/contract';
import { and, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { discussionOrder, discussionOrderColumns } from '../db/discussion-order';
import {
  comments,
  discussions,
  emailRates,
  files,
  notifications,
  purchHeads,
  salesHeads,
  users,
} from '../db/schema';
import { writingLanguage } from '../i18n';
import type { Mailer } from './mailer';
import { cancel, claim, defineQueue, enqueue, finish, retryLater } from './outbox';
import { renderSummary, SUMMARY_MAX_ITEMS } from './summary-text';

export const EMAIL_JOB = 'email';
const USERS_PER_TICK = 50;
const EMAILS_PER_TICK = 20;
const SEND_LOCK_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;

const EmailPayload = z.object({ to: z.string(), subject: z.string(), text: z.string() });
type EmailPayload = z.infer<typeof EmailPayload>;

/** A send interrupted by a crash may have left: a summary is better missed than sent twice. */
export const emailQueue = defineQueue({ kind: EMAIL_JOB, payload: EmailPayload, rerunAfterCrash: false });

/**
 * Step 1: for every user whose summary period has passed and who has unseen notifications not
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
      const items = await tx
        .select({
          creationDate: notifications.creationDate,
          username: users.username,
          fio: users.fio,
          discussionName: discussions.name,
          ...discussionOrderColumns,
          text: comments.text,
          dict: comments.dict,
          withFiles: sql<boolean>`exists (select 1 from ${files} where ${files.commentId} = ${comments.id})`,
        })
        .from(notifications)
        .innerJoin(comments, eq(comments.id, notifications.commentId))
        .innerJoin(discussions, eq(discussions.id, comments.discussionId))
        .leftJoin(users, eq(users.id, comments.userId))
        .leftJoin(purchHeads, eq(purchHeads.id, discussions.purchHeadId))
        .leftJoin(salesHeads, eq(salesHeads.id, discussions.salesHeadId))
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

/**
 * Step 2: sends queued emails, claimed from the outbox. A send that fails is retried with the
 * outbox's backoff, up to MAX_ATTEMPTS; a send interrupted by a crash is not run again (the
 * queue's rule). Returns how many were sent.
 */
export async function deliverEmails(db: Db, mailer: Mailer, log: FastifyBaseLogger): Promise<number> {
  const claimed = await claim(db, emailQueue, { limit: EMAILS_PER_TICK, lockMs: SEND_LOCK_MS });
  let sent = 0;
  for (const job of claimed) {
    try {
      await mailer.send({
        ...job.payload,
        messageId: `<${job.key.replace(/[^A-Za-z0-9.-]/g, '.')}@extranet>`,
      });
      await finish(db, job.id);
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      log.warn({ err: error, job: job.id, attempts: job.attempts, giveUp }, 'email not sent');
      if (giveUp) await cancel(db, job.id, message);
      else await retryLater(db, job, { error: message, baseMs: RETRY_BASE_MS });
    }
  }
  return sent;
}
