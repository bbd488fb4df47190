import { auth, discussions, notifications } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { salesHeads, userCompanies } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createOrderWithDiscussion } from '../../test/discussions.factories';
import { createCompany, createConsignee, createUser } from '../../test/factories';

const ALL_TYPES = ['bcst', 'nrml', 'prvt', 'pord', 'sord', 'omov'];

let app: TestApp;
let company: { id: number };
let sender: { id: number; token: string };
let reader: { id: number; token: string };

async function recent(token: string, count?: number) {
  const response = await app.call(notifications.listRecent, count ? { count } : {}, token);
  expect(response.status).toBe(200);
  return response.body.items as any[];
}

async function hasNew(token: string) {
  return (await app.call(auth.getSession, {}, token)).body.has_new_notifications as boolean;
}

beforeAll(async () => {
  app = await createTestApp();
  company = await createCompany(app.deps.db);
  const make = async (fio: string | null) => {
    const user = await createUser(app.deps.db, {
      companyIds: [company.id],
      permissions: ['pord', 'sord'],
      notificationTypes: ALL_TYPES,
      fio,
    });
    return { id: user.id, token: await loginAs(app, user) };
  };
  sender = await make('Sam Sender');
  reader = await make(null);
});

describe('recent notifications', () => {
  it('are empty and the badge is off for a new user', async () => {
    expect(await recent(reader.token)).toEqual([]);
    expect(await hasNew(reader.token)).toBe(false);
  });

  it('show sender, text, files flag and where the comment was made, newest first', async () => {
    const upload = await app.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: {
        authorization: `SessionCode ${sender.token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload:
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nplan.txt\r\n' +
        '--x\r\nContent-Disposition: form-data; name="file"; filename="plan.txt"\r\nContent-Type: text/plain\r\n\r\nplan\r\n--x--\r\n',
    });
    const code = upload.json().code as string;
    const added = await app.call(
      discussions.addDiscussionBroadcast,
      { company_id: company.id, name: 'News', text: 'Warehouse closed on Monday', files: [code] },
      sender.token,
    );
    const consignee = await createConsignee(app.deps.db, { companyId: company.id });
    const order = await createOrderWithDiscussion(app.deps.db, { kind: 'sales', consigneeId: consignee.id });
    await app.call(
      discussions.addCommentSales,
      { sales_head_id: order.headId, text: 'Picked up' },
      sender.token,
    );
    // The order has no code of its own; the warehouse has since given it its number.
    await app.deps.db
      .update(salesHeads)
      .set({ warehouseCode: 'W-77' })
      .where(eq(salesHeads.id, order.headId));

    expect(await hasNew(reader.token)).toBe(true);
    const items = await recent(reader.token);
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      notification_id: expect.any(Number),
      ntfy_type: 'sord',
      seen: false,
      read: false,
      subject: {
        discussion_name: `#${order.headId}`,
        order: {
          kind: 'sales',
          head_id: order.headId,
          external_code: null,
          warehouse_code: 'W-77',
          is_template: false,
        },
      },
      user: { user_id: sender.id, username: expect.any(String), fio: 'Sam Sender' },
      is_dict: false,
      text: 'Picked up',
      with_files: false,
      discussion: { discussion_id: order.discussionId, purch_head_id: null, sales_head_id: order.headId },
      creation_date: { $datetime: expect.any(String) },
    });
    expect(items[1]).toMatchObject({
      ntfy_type: 'bcst',
      text: 'Warehouse closed on Monday',
      with_files: true,
      discussion: { discussion_id: added.body.discussion_id, purch_head_id: null, sales_head_id: null },
    });
    // The sender is not notified about their own comments.
    expect(await recent(sender.token)).toEqual([]);
  });

  it('are limited to the count asked for', async () => {
    expect(await recent(reader.token, 1)).toHaveLength(1);
    const tooMany = await app.call(notifications.listRecent, { count: 1000 }, reader.token);
    expect(tooMany.status).toBe(400);
  });

  it('clear the badge when marked seen, up to the newest one shown', async () => {
    const [newest] = await recent(reader.token);
    await app.call(
      discussions.addDiscussionBroadcast,
      { company_id: company.id, name: 'Later', text: 'Arrived after the list was opened' },
      sender.token,
    );
    await app.call(notifications.markSeen, { up_to_id: newest.notification_id }, reader.token);
    expect(await hasNew(reader.token)).toBe(true);
    const items = await recent(reader.token);
    expect(items.map((item) => item.seen)).toEqual([false, true, true]);

    await app.call(notifications.markSeen, {}, reader.token);
    expect(await hasNew(reader.token)).toBe(false);
    expect((await recent(reader.token)).every((item) => item.seen)).toBe(true);
  });

  it('marks only the caller’s own notifications', async () => {
    await app.call(
      discussions.addDiscussionBroadcast,
      { company_id: company.id, name: 'Again', text: 'One more' },
      reader.token,
    );
    await app.call(notifications.markSeen, {}, reader.token);
    expect(await hasNew(sender.token)).toBe(true);
  });

  it('hide what was said in a company the user no longer belongs to', async () => {
    const other = await createCompany(app.deps.db);
    await app.deps.db
      .update(userCompanies)
      .set({ companyId: other.id })
      .where(eq(userCompanies.userId, sender.id));
    expect(await recent(sender.token)).toEqual([]);
  });

  it('need a session', async () => {
    expect((await app.call(notifications.listRecent, {})).status).toBe(401);
    expect((await app.call(notifications.markSeen, {})).status).toBe(401);
  });
});

describe('the Notifications page', () => {
  it('pages every notification with its read state, filters unread, marks one or all read', async () => {
    const company2 = await createCompany(app.deps.db);
    const make = async () => {
      const user = await createUser(app.deps.db, {
        companyIds: [company2.id],
        permissions: ['pord', 'sord'],
        notificationTypes: ALL_TYPES,
      });
      return { id: user.id, token: await loginAs(app, user) };
    };
    const writer = await make();
    const clerk = await make();
    for (const name of ['First', 'Second', 'Third']) {
      await app.call(
        discussions.addDiscussionBroadcast,
        { company_id: company2.id, name, text: `${name} news`, files: [] },
        writer.token,
      );
    }
    const list = async (filters: Record<string, unknown> = {}) =>
      (await app.call(notifications.listNotifications, { filters, count: 2, with_total: true }, clerk.token))
        .body;
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.more).toBe(true);
    expect(all.items.map((item: any) => item.subject.discussion_name)).toEqual(['Third', 'Second']);
    expect(all.items.every((item: any) => item.read === false)).toBe(true);

    const one = all.items[0].notification_id;
    const marked = await app.call(notifications.markRead, { notification_id_list: [one] }, clerk.token);
    expect(marked.body).toEqual({ count: 1 });
    expect((await list({ unread: true })).total).toBe(2);
    expect((await list({ unread: false })).items.map((item: any) => item.notification_id)).toEqual([one]);

    // Another user's notification is not theirs to mark.
    const foreign = await app.call(notifications.markRead, { notification_id_list: [one] }, writer.token);
    expect(foreign.body).toEqual({ count: 0 });
    // Unread again, then all read.
    await app.call(notifications.markRead, { notification_id_list: [one], read: false }, clerk.token);
    expect((await list({ unread: true })).total).toBe(3);
    expect((await app.call(notifications.markRead, {}, clerk.token)).body).toEqual({ count: 3 });
    expect((await list({ unread: true })).total).toBe(0);
    // Read means seen: the badge is off.
    expect(await hasNew(clerk.token)).toBe(false);

    const bad = await app.call(notifications.listNotifications, { filters: { unread: 'yes' } }, clerk.token);
    expect(bad.status).toBe(400);
  });
});

describe('notification subjects', () => {
  it("name an order's discussion by its order: kind, code and template flag", async () => {
    const user = await createUser(app.deps.db, {
      companyIds: [company.id],
      permissions: ['pord'],
      notificationTypes: ['pord'],
    });
    const token = await loginAs(app, user);
    const consignee = await createConsignee(app.deps.db, { companyId: company.id });
    const template = await createOrderWithDiscussion(app.deps.db, {
      kind: 'purch',
      consigneeId: consignee.id,
      externalCode: 'PO-TPL-5',
      isTemplate: true,
    });
    await app.call(
      discussions.addCommentPurch,
      { purch_head_id: template.headId, text: 'Template checked' },
      reader.token,
    );
    const [newest] = await recent(token, 1);
    expect(newest.subject).toEqual({
      discussion_name: 'PO-TPL-5',
      order: {
        kind: 'purch',
        head_id: template.headId,
        external_code: 'PO-TPL-5',
        warehouse_code: null,
        is_template: true,
      },
    });
    const page = await app.call(notifications.listNotifications, {}, token);
    expect(page.body.items[0].subject).toEqual(newest.subject);
  });
});
