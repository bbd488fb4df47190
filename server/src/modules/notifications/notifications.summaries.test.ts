import { discussions } from '@extranet/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { emailRates, jobs, notifications, users } from '../../db/schema';
import { deliverEmails, EMAIL_JOB } from '../../jobs/email';
import { createMailer, type Mailer } from '../../jobs/mailer';
import { createTestApp, loginAs, type TestApp, testConfig } from '../../test/app';
import { createOrderWithDiscussion } from '../../test/discussions.factories';
import { createCompany, createConsignee, createUser } from '../../test/factories';
import { createTestSmtp, mailBody, type ReceivedMail as Received } from '../../test/smtp';
import { addOrderSystemComment } from '../discussions/order-discussions';
import { enqueueEmailSummaries } from './notifications.summaries';

const smtp = createTestSmtp();
const received = smtp.received;

/** A logger that keeps what it is told. */
function memoryLogger(lines: string[] = []): FastifyBaseLogger {
  const write = (...args: unknown[]) => {
    lines.push(JSON.stringify(args));
  };
  const logger = {
    level: 'info',
    info: write,
    warn: write,
    error: write,
    fatal: write,
    debug: write,
    trace: write,
    silent: write,
  };
  return { ...logger, child: () => memoryLogger(lines) } as unknown as FastifyBaseLogger;
}

const log = memoryLogger();
let app: TestApp;
let mailer: Mailer;
let smtpUrl: string;
let company: { id: number };
let consignee: { id: number };
let sender: { id: number; token: string };
let rate15: number;

async function makeReader(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app.deps.db, {
    companyIds: [company.id],
    notificationTypes: ['bcst'],
    email: `reader${Math.random().toString(36).slice(2)}@example.com`,
    emailRateId: rate15,
    ...options,
  });
  return user;
}

async function broadcast(text: string) {
  const response = await app.call(
    discussions.addDiscussionBroadcast,
    { company_id: company.id, name: `About ${text}`, text },
    sender.token,
  );
  expect(response.body.discussion_id).toBeTypeOf('number');
}

async function runJob() {
  await enqueueEmailSummaries(app.deps.db);
  return deliverEmails(app.deps.db, mailer, log);
}

function mailsTo(email: string) {
  return received.filter((mail) => mail.to.includes(email));
}

const bodyOf = (mail: Received) => mailBody(mail.raw);

function subjectOf(mail: Received): string {
  const line = mail.raw.match(/^Subject: (.*(?:\r\n[ \t].*)*)/m)?.[1] ?? '';
  return line
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s?/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

beforeAll(async () => {
  smtpUrl = await smtp.listen();
  app = await createTestApp({ SMTP_URL: smtpUrl, MAIL_FROM: 'extranet@example.com' });
  mailer = createMailer(app.deps.config, log);
  company = await createCompany(app.deps.db);
  consignee = await createConsignee(app.deps.db, { companyId: company.id });
  const user = await createUser(app.deps.db, {
    companyIds: [company.id],
    fio: 'Sam Sender',
    permissions: ['pord'],
  });
  sender = { id: user.id, token: await loginAs(app, user) };
  const [rate] = await app.deps.db.select().from(emailRates).where(eq(emailRates.minutes, 15));
  rate15 = rate!.id;
});

afterAll(async () => {
  mailer.close();
  await smtp.close();
});

beforeEach(async () => {
  // Every test starts with everything already summarised.
  await app.deps.db.update(notifications).set({ seen: true });
  received.length = 0;
});

describe('email summaries', () => {
  it('send one digest of the unseen notifications through SMTP', async () => {
    const reader = await makeReader({ fio: 'Rita Reader' });
    await broadcast('pallets');
    await broadcast('invoices');
    expect(await runJob()).toBe(1);
    const mails = mailsTo(reader.email!);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0]!)).toBe('Partner extranet: 2 new messages');
    const body = bodyOf(mails[0]!);
    expect(body).toContain('Hello Rita Reader, you have 2 unread notifications:');
    expect(body).toContain('Sam Sender, “About pallets”: pallets');
    expect(body.indexOf('pallets')).toBeLessThan(body.indexOf('invoices'));
    expect(mails[0]!.raw).toMatch(/^From: extranet@example.com/m);
    const rows = await app.deps.db.select().from(notifications).where(eq(notifications.userId, reader.id));
    expect(rows.every((row) => row.emailed)).toBe(true);
  });

  it('send at most once per rate period, and only what was not mailed yet', async () => {
    const reader = await makeReader();
    await broadcast('first');
    await runJob();
    await broadcast('second');
    expect(await runJob()).toBe(0);
    expect(mailsTo(reader.email!)).toHaveLength(1);

    await app.deps.db
      .update(users)
      .set({ lastSummaryAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(users.id, reader.id));
    await runJob();
    const mails = mailsTo(reader.email!);
    expect(mails).toHaveLength(2);
    expect(subjectOf(mails[1]!)).toBe('Partner extranet: 1 new message');
    expect(bodyOf(mails[1]!)).toContain('second');
    expect(bodyOf(mails[1]!)).not.toContain('first');
  });

  it('skip users without a rate, without an email, disabled, or who saw everything', async () => {
    const noRate = await makeReader({ emailRateId: null });
    const noEmail = await makeReader({ email: null });
    const disabled = await makeReader({ excluded: true });
    const sawIt = await makeReader();
    await broadcast('quiet news');
    await app.deps.db.update(notifications).set({ seen: true }).where(eq(notifications.userId, sawIt.id));
    await runJob();
    for (const user of [noRate, disabled, sawIt]) expect(mailsTo(user.email!)).toHaveLength(0);
    expect(noEmail.email).toBeNull();
    expect(received.filter((mail) => mail.to.length === 0)).toHaveLength(0);
  });

  it("write each reader's summary in their profile language, naming an order's discussion in it", async () => {
    const orderReader = (lang: string, fio: string) =>
      makeReader({ lang, fio, permissions: ['pord'], notificationTypes: ['bcst', 'pord', 'omov'] });
    const en = await orderReader('en', 'Erik Reader');
    const ru = await orderReader('ru', 'Ирина');
    const lv = await orderReader('lv', 'Līga');
    const order = await createOrderWithDiscussion(app.deps.db, {
      kind: 'purch',
      consigneeId: consignee.id,
      externalCode: 'PO-77',
    });
    const comment = await app.call(
      discussions.addCommentPurch,
      { purch_head_id: order.headId, text: 'Truck at the gate', files: [] },
      sender.token,
    );
    expect(comment.body.comment_id).toBeTypeOf('number');
    await app.deps.db.transaction((tx) =>
      addOrderSystemComment(tx, {
        kind: 'purch',
        headId: order.headId,
        dict: { code: 'order_progress_changed', old: 'draft', new: 'ready' },
      }),
    );
    await broadcast('pallets');
    await runJob();

    const expected = {
      en: {
        reader: en,
        subject: 'Partner extranet: 3 new messages',
        lines: [
          'Hello Erik Reader, you have 3 unread notifications:',
          /^- \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\s[AP]M UTC, Sam Sender, “Purchase order PO-77”: Truck at the gate$/m,
          'system, “Purchase order PO-77”: Order progress changed from Draft to Ready',
          'Sam Sender, “About pallets”: pallets',
          'Open the extranet to read and answer them.',
        ],
      },
      ru: {
        reader: ru,
        subject: 'Партнёрский экстранет: 3 новых сообщения',
        lines: [
          'Здравствуйте, Ирина! У вас 3 непрочитанных уведомления:',
          /^- \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} UTC, Sam Sender, «Заказ на закупку PO-77»: Truck at the gate$/m,
          'система, «Заказ на закупку PO-77»: Этап заказа изменён: Черновик → Готов',
          'Sam Sender, «About pallets»: pallets',
          'Откройте экстранет, чтобы прочитать их и ответить.',
        ],
      },
      lv: {
        reader: lv,
        subject: 'Partneru ekstranets: 3 jauni ziņojumi',
        lines: [
          'Labdien, Līga! Jums ir 3 nelasīti paziņojumi:',
          /^- \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} UTC, Sam Sender, „Iepirkuma pasūtījums PO-77”: Truck at the gate$/m,
          'sistēma, „Iepirkuma pasūtījums PO-77”: Pasūtījuma posms mainīts: Melnraksts → Gatavs',
          'Sam Sender, „About pallets”: pallets',
          'Atveriet ekstranetu, lai tos izlasītu un atbildētu.',
        ],
      },
    };
    for (const [lang, { reader, subject, lines }] of Object.entries(expected)) {
      const mails = mailsTo(reader.email!);
      expect(mails, lang).toHaveLength(1);
      expect(subjectOf(mails[0]!), lang).toBe(subject);
      const body = bodyOf(mails[0]!);
      for (const line of lines) {
        if (typeof line === 'string') expect(body, lang).toContain(line);
        else expect(body, lang).toMatch(line);
      }
      if (lang !== 'en') expect(body, lang).not.toMatch(/Purchase order|Order progress|unread|system/);
    }
  });

  it('use the plural forms of each language for the count', async () => {
    const ru = await makeReader({ lang: 'ru', fio: 'Ирина' });
    const lv = await makeReader({ lang: 'lv', fio: 'Līga' });
    await broadcast('one');
    await runJob();
    expect(subjectOf(mailsTo(ru.email!)[0]!)).toBe('Партнёрский экстранет: 1 новое сообщение');
    expect(bodyOf(mailsTo(ru.email!)[0]!)).toContain('У вас 1 непрочитанное уведомление:');
    expect(subjectOf(mailsTo(lv.email!)[0]!)).toBe('Partneru ekstranets: 1 jauns ziņojums');
    expect(bodyOf(mailsTo(lv.email!)[0]!)).toContain('Jums ir 1 nelasīts paziņojums:');
  });

  it('never queue the same user twice when instances run together', async () => {
    const reader = await makeReader();
    await broadcast('race');
    const queued = await Promise.all([
      enqueueEmailSummaries(app.deps.db),
      enqueueEmailSummaries(app.deps.db),
      enqueueEmailSummaries(app.deps.db),
    ]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    await Promise.all([deliverEmails(app.deps.db, mailer, log), deliverEmails(app.deps.db, mailer, log)]);
    expect(mailsTo(reader.email!)).toHaveLength(1);
  });

  it('send nothing twice after a restart, and never resend a send cut off by a crash', async () => {
    const reader = await makeReader();
    await broadcast('before restart');
    await runJob();
    // A send that was under way when the process died: claimed, lock long expired, no outcome.
    const [crashed] = await app.deps.db
      .insert(jobs)
      .values({
        kind: EMAIL_JOB,
        key: 'summary:crashed',
        payload: { to: reader.email!, subject: 'crashed', text: 'x' },
        attempts: 1,
        lockedUntil: new Date(Date.now() - 60_000),
      })
      .returning();

    const restarted = await buildApp(testConfig({ SMTP_URL: smtpUrl }), {
      database: app.database,
      jobs: false,
    });
    const restartedMailer = createMailer(restarted.deps.config, log);
    await enqueueEmailSummaries(restarted.deps.db);
    expect(await deliverEmails(restarted.deps.db, restartedMailer, log)).toBe(0);
    restartedMailer.close();
    await restarted.app.close();

    expect(mailsTo(reader.email!)).toHaveLength(1);
    const [row] = await app.deps.db.select().from(jobs).where(eq(jobs.id, crashed!.id));
    expect(row!.cancelledAt).not.toBeNull();
    expect(row!.doneAt).toBeNull();
  });

  it('retry a send the SMTP server refused, later', async () => {
    const reader = await makeReader();
    await broadcast('retry me');
    await enqueueEmailSummaries(app.deps.db);
    const broken = createMailer({ ...app.deps.config, SMTP_URL: 'smtp://127.0.0.1:1' }, log);
    expect(await deliverEmails(app.deps.db, broken, log)).toBe(0);
    broken.close();
    const [job] = await app.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, EMAIL_JOB), isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
    expect(job).toMatchObject({ attempts: 1, lockedUntil: null });
    expect(job!.lastError).toBeTruthy();
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    expect(await deliverEmails(app.deps.db, mailer, log)).toBe(0);
    await app.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    expect(await deliverEmails(app.deps.db, mailer, log)).toBe(1);
    expect(mailsTo(reader.email!)).toHaveLength(1);
  });

  it('are logged, not sent, without SMTP_URL', async () => {
    const reader = await makeReader();
    await broadcast('logged');
    await enqueueEmailSummaries(app.deps.db);
    const lines: string[] = [];
    const capture = memoryLogger(lines);
    const logging = createMailer({ ...app.deps.config, SMTP_URL: undefined }, capture);
    expect(await deliverEmails(app.deps.db, logging, capture)).toBe(1);
    expect(mailsTo(reader.email!)).toHaveLength(0);
    expect(lines.join('\n')).toContain('SMTP_URL is not set');
    expect(lines.join('\n')).toContain(reader.email!);
  });
});

describe('scheduler', () => {
  it('runs the summaries on its own and stops with the app', async () => {
    const reader = await makeReader();
    await broadcast('scheduled');
    const running = await buildApp(testConfig({ SMTP_URL: smtpUrl, JOBS_INTERVAL_MS: 50 }), {
      database: app.database,
    });
    const deadline = Date.now() + 20_000;
    while (mailsTo(reader.email!).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await running.app.close();
    expect(mailsTo(reader.email!)).toHaveLength(1);
  });
});
