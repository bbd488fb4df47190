import { type discussions as contract, isLanguage } from '@extranet/contract';
import { and, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { comments, discussions, emailRates, files, jobs, notifications, users } from '../db/schema';
import type { Mailer } from './mailer';
import { renderSummary, SUMMARY_MAX_ITEMS } from './summary-text';

export const EMAIL_JOB = 'email';
const USERS_PER_TICK = 50;
const EMAILS_PER_TICK = 20;
const SEND_LOCK_MINUTES = 5;
const MAX_ATTEMPTS = 5;

interface EmailPayload {
  to: string;
  subject: string;
  text: string;
}

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
          text: comments.text,
          dict: comments.dict,
          withFiles: sql<boolean>`exists (select 1 from ${files} where ${files.commentId} = ${comments.id})`,
        })
        .from(notifications)
        .innerJoin(comments, eq(comments.id, notifications.commentId))
        .innerJoin(discussions, eq(discussions.id, comments.discussionId))
        .leftJoin(users, eq(users.id, comments.userId))
        .where(
          inArray(
            notifications.id,
            marked.map((row) => row.id),
          ),
        )
        .orderBy(desc(notifications.creationDate), desc(notifications.id))
        .limit(SUMMARY_MAX_ITEMS);
      const message = renderSummary({
        lang: isLanguage(user.lang) ? user.lang : 'en',
        name: user.fio || user.username,
        total: marked.length,
        items: items.reverse().map((item) => ({
          creationDate: item.creationDate,
          sender: item.fio || item.username,
          discussionName: item.discussionName,
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
      await tx.insert(jobs).values({
        kind: EMAIL_JOB,
        key: `summary:${user.id}:${stamp!.at!.toISOString()}`,
        payload,
      });
    }
    return due.length;
  });
}

/**
 * Step 2: sends queued emails. A job is claimed (locked and counted) in its own transaction
 * before sending. A send that fails is retried later, up to MAX_ATTEMPTS; a send interrupted by a
 * crash (its lock ran out with no outcome) is not retried, because the message may have left:
 * a summary is better missed than sent twice. Returns how many were sent.
 */
export async function deliverEmails(db: Db, mailer: Mailer, log: FastifyBaseLogger): Promise<number> {
  await db
    .update(jobs)
    .set({ cancelledAt: sql`now()`, lockedUntil: null, lastError: 'interrupted while sending; not resent' })
    .where(
      and(
        eq(jobs.kind, EMAIL_JOB),
        isNull(jobs.doneAt),
        isNull(jobs.cancelledAt),
        sql`${jobs.lockedUntil} < now()`,
      ),
    );
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, EMAIL_JOB),
          isNull(jobs.doneAt),
          isNull(jobs.cancelledAt),
          isNull(jobs.lockedUntil),
          lte(jobs.runAt, sql`now()`),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(EMAILS_PER_TICK)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        lockedUntil: sql`now() + make_interval(mins => ${SEND_LOCK_MINUTES})`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        inArray(
          jobs.id,
          rows.map((row) => row.id),
        ),
      )
      .returning();
  });

  let sent = 0;
  for (const job of claimed) {
    const payload = job.payload as EmailPayload;
    try {
      await mailer.send({ ...payload, messageId: `<${job.key.replace(/[^A-Za-z0-9.-]/g, '.')}@extranet>` });
      await db.update(jobs).set({ doneAt: sql`now()`, lockedUntil: null }).where(eq(jobs.id, job.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      log.warn({ err: error, job: job.id, attempts: job.attempts, giveUp }, 'email not sent');
      await db
        .update(jobs)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 1000),
          runAt: sql`now() + make_interval(mins => ${job.attempts * job.attempts})`,
          cancelledAt: giveUp ? sql`now()` : null,
        })
        .where(eq(jobs.id, job.id));
    }
  }
  return sent;
}
