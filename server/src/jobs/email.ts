import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import { cancel, claim, defineQueue, finish, retryLater } from './outbox';

/*
 * Emails go out through the outbox: a module queues one (enqueue(tx, emailQueue, ...)) in the
 * transaction of what causes it; deliverEmails sends them.
 */

export const EMAIL_JOB = 'email';
const EMAILS_PER_TICK = 20;
const SEND_LOCK_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;

export const EmailPayload = z.object({ to: z.string(), subject: z.string(), text: z.string() });
export type EmailPayload = z.infer<typeof EmailPayload>;

/** A send interrupted by a crash may have left: an email is better missed than sent twice. */
export const emailQueue = defineQueue({ kind: EMAIL_JOB, payload: EmailPayload, rerunAfterCrash: false });

/**
 * Sends queued emails, claimed from the outbox. A send that fails is retried with the
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
