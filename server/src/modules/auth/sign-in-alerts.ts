import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { formatMailTime, translate, writingLanguage } from '../../i18n';
import { emailQueue } from '../../jobs/email';
import { enqueue } from '../../jobs/outbox';

/**
 * Mails that tell a user their account is under attack: a burst of failed sign-ins (anyone may
 * cause one, so it only informs), or the second factor paused after too many wrong codes given with
 * the right password (someone knows the password). Queued in the outbox with the failure that
 * causes them, in the user's language; a user without an email address is not told.
 */
export type SignInAlert = 'failures' | 'second_factor';

const SUBJECT = { failures: 'signInAlert.failuresSubject', second_factor: 'signInAlert.secondFactorSubject' };
const TEXT = { failures: 'signInAlert.failuresText', second_factor: 'signInAlert.secondFactorText' };

export async function queueSignInAlert(
  db: Executor,
  options: {
    alert: SignInAlert;
    /** The user by id, or by the username that was tried (nothing is sent for an unknown one). */
    user: { id: number } | { username: string };
    failures: number;
    address: string;
    lockMinutes: number;
  },
): Promise<void> {
  const [user] = await db
    .select({ id: users.id, username: users.username, fio: users.fio, email: users.email, lang: users.lang })
    .from(users)
    .where(
      and(
        'id' in options.user
          ? eq(users.id, options.user.id)
          : sql`lower(${users.username}) = lower(${options.user.username})`,
        eq(users.excluded, false),
      ),
    );
  if (!user?.email) return;
  const lang = writingLanguage(user.lang);
  const now = new Date();
  const params = {
    name: user.fio || user.username,
    username: user.username,
    failures: String(options.failures),
    minutes: String(options.lockMinutes),
    address: options.address,
    time: formatMailTime(lang, now),
  };
  await enqueue(db, emailQueue, [
    {
      key: `sign-in-alert:${options.alert}:${user.id}:${now.getTime()}`,
      payload: {
        to: user.email,
        subject: translate(lang, SUBJECT[options.alert], params),
        text: translate(lang, TEXT[options.alert], params),
      },
    },
  ]);
}
