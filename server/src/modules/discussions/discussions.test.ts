import { auth, discussions, notifications as ntfy } from '@extranet/contract';
import { and, eq, inArray, max } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, discussionReads, files, notifications, purchHeads, userCompanies } from '../../db/schema';
import type { Actor } from '../../http/session';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createComments, createOrderWithDiscussion } from '../../test/discussions.factories';
import { createCompany, createConsignee, createUser } from '../../test/factories';
import { listDiscussions as listDiscussionRows } from './discussions.repository';
import { addOrderSystemComment } from './order-discussions';

const ALL_TYPES = ['bcst', 'nrml', 'prvt', 'pord', 'sord', 'omov'];

let app: TestApp;
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };
let consigneeA: { id: number };
let consigneeB: { id: number };

interface Person {
  id: number;
  token: string;
}
let author: Person;
let chosen: Person;
let other: Person;
let outsider: Person;
let admin: Person;
let quiet: Person;

async function person(options: Parameters<typeof createUser>[1]): Promise<Person> {
  const user = await createUser(app.deps.db, options);
  return { id: user.id, token: await loginAs(app, user) };
}

async function notificationsOf(userId: number) {
  return app.deps.db.select().from(notifications).where(eq(notifications.userId, userId));
}

async function addDiscussion(
  visibility: discussions.Visibility,
  by: Person,
  body: Partial<discussions.AddDiscussionRequest> = {},
) {
  const response = await app.call(
    discussions.ADD_DISCUSSION[visibility],
    {
      company_id: companyA.id,
      name: `${visibility} talk`,
      text: 'Hello there',
      users: [],
      files: [],
      ...body,
    },
    by.token,
  );
  expect(response.body.failure).toBeUndefined();
  return response.body.discussion_id as number;
}

async function listIds(visibility: discussions.Visibility, by: Person, body: Record<string, unknown> = {}) {
  const response = await app.call(
    discussions.LIST_DISCUSSIONS[visibility],
    { count: 1000, ...body },
    by.token,
  );
  expect(response.status).toBe(200);
  return (response.body.items as Array<{ discussion_id: number }>).map((item) => item.discussion_id);
}

async function get(discussionId: number, by: Person) {
  return app.call(discussions.getDiscussionGeneral, { discussion_id: discussionId }, by.token);
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.deps.db;
  companyA = await createCompany(db);
  companyB = await createCompany(db);
  consigneeA = await createConsignee(db, { companyId: companyA.id });
  consigneeB = await createConsignee(db, { companyId: companyB.id });
  const common = { notificationTypes: ALL_TYPES, permissions: ['pord', 'sord'] as const };
  author = await person({
    ...common,
    permissions: ['pord', 'sord'],
    companyIds: [companyA.id],
    fio: 'Anna Author',
  });
  chosen = await person({ ...common, permissions: ['pord', 'sord'], companyIds: [companyA.id] });
  other = await person({ ...common, permissions: ['pord'], companyIds: [companyA.id] });
  outsider = await person({ ...common, permissions: ['pord', 'sord'], companyIds: [companyB.id] });
  admin = await person({ ...common, permissions: ['pord', 'sord'], roleId: 99 });
  quiet = await person({
    permissions: ['pord', 'sord'],
    companyIds: [companyA.id],
    notificationTypes: ['prvt'],
  });
});

describe('broadcast discussions', () => {
  let id: number;
  beforeAll(async () => {
    id = await addDiscussion('broadcast', author, { users: [chosen.id] });
  });

  it('are visible to every user of the company and to role 99, not to another company', async () => {
    for (const reader of [author, chosen, other, admin]) {
      expect(await listIds('broadcast', reader)).toContain(id);
      expect((await get(id, reader)).body.discussion_id).toBe(id);
    }
    expect(await listIds('broadcast', outsider)).not.toContain(id);
    expect((await get(id, outsider)).body).toEqual({ failure: { code: 'discussion_not_found' } });
  });

  it('notify every user of the company who chose broadcasts, never the author', async () => {
    const [first] = await notificationsOf(chosen.id);
    expect(first).toMatchObject({ ntfyType: 'bcst', seen: false });
    expect(await notificationsOf(other.id)).toHaveLength(1);
    expect(await notificationsOf(author.id)).toHaveLength(0);
    expect(await notificationsOf(outsider.id)).toHaveLength(0);
    expect(await notificationsOf(quiet.id)).toHaveLength(0);
  });

  it('return the thread with the first comment and the author', async () => {
    const { body } = await get(id, other);
    expect(body).toMatchObject({
      name: 'broadcast talk',
      company_id: companyA.id,
      company: { name: companyA.name },
      visibility: 'broadcast',
      order: null,
      purch_head_id: null,
      sales_head_id: null,
      files: [],
      more_comments: false,
      members: [],
    });
    expect(body.comments).toEqual([
      {
        comment_id: expect.any(Number),
        user_id: author.id,
        user: { user_id: author.id, username: expect.any(String), fio: 'Anna Author' },
        creation_date: { $datetime: expect.any(String) },
        is_dict: false,
        text: 'Hello there',
        files: [],
      },
    ]);
  });
});

describe('normal discussions', () => {
  let id: number;
  beforeAll(async () => {
    await app.deps.db.delete(notifications);
    id = await addDiscussion('normal', author, { users: [chosen.id] });
  });

  it('are visible to every user of the company, not to another company', async () => {
    for (const reader of [author, chosen, other, admin])
      expect(await listIds('normal', reader)).toContain(id);
    expect((await get(id, other)).status).toBe(200);
    expect(await listIds('normal', outsider)).not.toContain(id);
    expect((await get(id, outsider)).body.failure.code).toBe('discussion_not_found');
  });

  it('notify only the chosen users, and the author when someone answers', async () => {
    expect((await notificationsOf(chosen.id)).map((n) => n.ntfyType)).toEqual(['nrml']);
    expect(await notificationsOf(other.id)).toHaveLength(0);
    const answer = await app.call(
      discussions.addCommentGeneral,
      { discussion_id: id, text: 'Noted', files: [], users: [] },
      chosen.token,
    );
    expect(answer.body.comment_id).toBeTypeOf('number');
    expect(await notificationsOf(author.id)).toHaveLength(1);
    expect(await notificationsOf(chosen.id)).toHaveLength(1);
    expect(await notificationsOf(other.id)).toHaveLength(0);
  });

  it('let any reader comment and bring users of the company in', async () => {
    const response = await app.call(
      discussions.addCommentGeneral,
      { discussion_id: id, text: 'Me too', users: [quiet.id] },
      other.token,
    );
    expect(response.status).toBe(200);
    // quiet chose only private messages: a member now, but not notified about regular ones.
    expect(await notificationsOf(quiet.id)).toHaveLength(0);
    expect((await notificationsOf(author.id)).length).toBe(2);
  });

  it('refuse choosing a user of another company', async () => {
    const response = await app.call(
      discussions.addDiscussionNormal,
      { company_id: companyA.id, name: 'x', text: 'y', users: [outsider.id] },
      author.token,
    );
    expect(response.body).toEqual({
      failure: { code: 'invalid_user_id', details: { users: [outsider.id] } },
    });
  });
});

describe('private discussions', () => {
  let id: number;
  beforeAll(async () => {
    await app.deps.db.delete(notifications);
    id = await addDiscussion('private', author, { users: [chosen.id, quiet.id] });
  });

  it('are visible only to the author and the chosen users, whatever the role', async () => {
    for (const reader of [author, chosen, quiet]) {
      expect(await listIds('private', reader)).toContain(id);
      expect((await get(id, reader)).status).toBe(200);
    }
    for (const reader of [other, outsider, admin]) {
      expect(await listIds('private', reader)).not.toContain(id);
      expect((await get(id, reader)).body).toEqual({ failure: { code: 'discussion_not_found' } });
      const comment = await app.call(
        discussions.addCommentGeneral,
        { discussion_id: id, text: 'sneaking in' },
        reader.token,
      );
      expect(comment.body).toEqual({ failure: { code: 'discussion_not_found' } });
    }
  });

  it('notify every participant who chose private messages', async () => {
    expect((await notificationsOf(chosen.id)).map((n) => n.ntfyType)).toEqual(['prvt']);
    expect(await notificationsOf(quiet.id)).toHaveLength(1);
    expect(await notificationsOf(other.id)).toHaveLength(0);
    await app.call(discussions.addCommentGeneral, { discussion_id: id, text: 'Answer' }, quiet.token);
    expect(await notificationsOf(author.id)).toHaveLength(1);
    expect(await notificationsOf(chosen.id)).toHaveLength(2);
    expect(await notificationsOf(quiet.id)).toHaveLength(1);
  });

  it('are not listed among broadcast or regular ones', async () => {
    expect(await listIds('normal', author)).not.toContain(id);
    expect(await listIds('broadcast', author)).not.toContain(id);
  });

  it('stop being visible to a participant moved to another company', async () => {
    const moved = await person({ companyIds: [companyA.id] });
    const privateId = await addDiscussion('private', author, { users: [moved.id] });
    expect((await get(privateId, moved)).status).toBe(200);
    await app.deps.db.transaction(async (tx) => {
      await tx.delete(userCompanies).where(eq(userCompanies.userId, moved.id));
      await tx.insert(userCompanies).values({ userId: moved.id, companyId: companyB.id });
    });
    expect((await get(privateId, moved)).body.failure.code).toBe('discussion_not_found');
  });
});

describe('members of regular and private discussions', () => {
  it('are the author and every chosen user, by name, including those brought in later', async () => {
    const id = await addDiscussion('private', author, { users: [chosen.id] });
    await app.call(
      discussions.addCommentGeneral,
      { discussion_id: id, text: 'Join', users: [quiet.id] },
      chosen.token,
    );
    const { body } = await get(id, quiet);
    expect(body.members.map((member: { user_id: number }) => member.user_id).sort()).toEqual(
      [author.id, chosen.id, quiet.id].sort(),
    );
    expect(body.members).toContainEqual({
      user_id: author.id,
      username: expect.any(String),
      fio: 'Anna Author',
    });
    expect(body.members.find((member: { user_id: number }) => member.user_id === other.id)).toBeUndefined();
  });

  it('are named on regular discussions too, and on neither broadcasts nor orders', async () => {
    const normal = await addDiscussion('normal', author, { users: [other.id] });
    expect(
      (await get(normal, chosen)).body.members.map((member: { user_id: number }) => member.user_id).sort(),
    ).toEqual([author.id, other.id].sort());
    const broadcast = await addDiscussion('broadcast', author);
    expect((await get(broadcast, chosen)).body.members).toEqual([]);
    const order = await createOrderWithDiscussion(app.deps.db, { kind: 'purch', consigneeId: consigneeA.id });
    const orderThread = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: order.headId },
      author.token,
    );
    expect(orderThread.body.members).toEqual([]);
  });
});

describe('unread discussions', () => {
  async function unread(visibility: discussions.Visibility, by: Person, id: number) {
    const response = await app.call(discussions.LIST_DISCUSSIONS[visibility], { count: 1000 }, by.token);
    const row = (response.body.items as Array<{ discussion_id: number; unread: boolean }>).find(
      (item) => item.discussion_id === id,
    );
    expect(row).toBeDefined();
    return row!.unread;
  }

  it('are marked for a reader until they open them, never for their own comments', async () => {
    const id = await addDiscussion('private', author, { users: [chosen.id] });
    expect(await unread('private', chosen, id)).toBe(true);
    // The author wrote everything in it so far.
    expect(await unread('private', author, id)).toBe(false);
    expect((await get(id, chosen)).status).toBe(200);
    expect(await unread('private', chosen, id)).toBe(false);

    // The reader's own answer leaves it read for them and unread for the author.
    await app.call(discussions.addCommentGeneral, { discussion_id: id, text: 'Seen' }, chosen.token);
    expect(await unread('private', chosen, id)).toBe(false);
    expect(await unread('private', author, id)).toBe(true);

    // A new comment of someone else marks it again; opening it clears the mark again.
    await app.call(discussions.addCommentGeneral, { discussion_id: id, text: 'One more' }, author.token);
    expect(await unread('private', chosen, id)).toBe(true);
    await get(id, chosen);
    expect(await unread('private', chosen, id)).toBe(false);
  });

  it('are kept per user: one reader opening a broadcast leaves it unread for the others', async () => {
    const id = await addDiscussion('broadcast', author);
    await get(id, other);
    expect(await unread('broadcast', other, id)).toBe(false);
    expect(await unread('broadcast', chosen, id)).toBe(true);
    expect(await unread('broadcast', admin, id)).toBe(true);
  });

  it('count only comments after the newest one seen, whatever their creation dates', async () => {
    const id = await addDiscussion('normal', author);
    await createComments(app.deps.db, { discussionId: id, userId: author.id, count: 7 });
    await get(id, other);
    expect(await unread('normal', other, id)).toBe(false);
    const [stored] = await app.deps.db
      .select()
      .from(discussionReads)
      .where(and(eq(discussionReads.userId, other.id), eq(discussionReads.discussionId, id)));
    const [newest] = await app.deps.db
      .select({ id: max(comments.id) })
      .from(comments)
      .where(eq(comments.discussionId, id));
    expect(stored!.lastCommentId).toBe(newest!.id);
  });

  it('are not marked read by a reader who may not open them', async () => {
    const id = await addDiscussion('private', author, { users: [chosen.id] });
    expect((await get(id, other)).body).toEqual({ failure: { code: 'discussion_not_found' } });
    const reads = await app.deps.db
      .select()
      .from(discussionReads)
      .where(eq(discussionReads.discussionId, id));
    expect(reads).toEqual([]);
  });

  it('are told apart for a whole page in the list statements, not one more per row', async () => {
    const batch = 'Unread batch';
    const first = await addDiscussion('normal', author, { name: `${batch} 0` });
    const statementsFor = async () => {
      let statements = 0;
      // Counts the statements the repository starts on the database it is given.
      const counting = new Proxy(app.deps.db, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          if (
            ['select', 'selectDistinct', 'execute', 'insert', 'update', 'delete'].includes(String(property))
          )
            statements++;
          return value.bind(target);
        },
      });
      const actor = { userId: other.id, isAdmin: false, companyIds: [companyA.id], permissions: new Set() };
      const { rows } = await listDiscussionRows(counting, actor as unknown as Actor, 'normal', {
        filters: { smart: batch },
        page: 0,
        count: 50,
        with_total: true,
      });
      return { statements, rows };
    };
    const one = await statementsFor();
    expect(one.rows.map((row) => row.discussion_id)).toEqual([first]);
    for (let index = 1; index < 6; index++)
      await addDiscussion('normal', author, { name: `${batch} ${index}` });
    await get(first, other);
    const six = await statementsFor();
    expect(six.rows).toHaveLength(6);
    expect(six.rows.filter((row) => row.unread)).toHaveLength(5);
    expect(six.statements).toBe(one.statements);
  });
});

describe('creating discussions', () => {
  it('refuses a company of another tenant', async () => {
    const response = await app.call(
      discussions.addDiscussionBroadcast,
      { company_id: companyB.id, name: 'x', text: 'y' },
      author.token,
    );
    expect(response.body).toEqual({
      failure: { code: 'company_not_permitted', details: { company_id: companyB.id } },
    });
  });

  it('lets role 99 start one in any company', async () => {
    const id = await addDiscussion('broadcast', admin, { company_id: companyB.id });
    expect(await listIds('broadcast', outsider)).toContain(id);
  });

  it('requires a name and a message', async () => {
    const response = await app.call(
      discussions.addDiscussionNormal,
      { company_id: companyA.id, name: '  ', text: '' },
      author.token,
    );
    expect(response.status).toBe(400);
    expect(response.body.failure.code).toBe('malformed_api_request');
  });

  it('needs a session', async () => {
    const response = await app.call(discussions.addDiscussionNormal, {
      company_id: companyA.id,
      name: 'a',
      text: 'b',
    });
    expect(response.status).toBe(401);
  });
});

describe('discussion lists', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const name of ['Pallet delays', 'Invoice question', 'Pallet labels']) {
      ids.push(await addDiscussion('normal', author, { name }));
    }
  });

  it('show company, name and last modification, newest first by default', async () => {
    const { body } = await app.call(discussions.listDiscussionNormal, { count: 2 }, other.token);
    expect(body.more).toBe(true);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toEqual({
      discussion_id: ids[2],
      name: 'Pallet labels',
      company_id: companyA.id,
      company: { name: companyA.name },
      visibility: 'normal',
      modification_date: { $datetime: expect.any(String) },
      unread: true,
    });
  });

  it('count the matching discussions when asked', async () => {
    const { body } = await app.call(
      discussions.listDiscussionNormal,
      { count: 1, with_total: true, filters: { smart: 'pallet' } },
      other.token,
    );
    expect(body).toMatchObject({ total: 2, more: true });
  });

  it('filter by name and company, and order by modification date', async () => {
    expect(
      await listIds('normal', other, { filters: { smart: 'pallet' }, ordering: 'modification_date' }),
    ).toEqual([ids[0], ids[2]]);
    expect(await listIds('normal', other, { filters: { company_id: companyB.id } })).toEqual([]);
  });

  it('move a discussion up when it gets a comment', async () => {
    await app.call(discussions.addCommentGeneral, { discussion_id: ids[0]!, text: 'Update' }, other.token);
    const [first] = await listIds('normal', other);
    expect(first).toBe(ids[0]);
  });

  it('refuse unknown filters and orderings', async () => {
    const filter = await app.call(discussions.listDiscussionNormal, { filters: { nope: 1 } }, other.token);
    expect(filter.body.failure.code).toBe('crud_filter_unknown');
    const ordering = await app.call(discussions.listDiscussionNormal, { ordering: 'name' }, other.token);
    expect(ordering.body.failure.code).toBe('crud_order_unknown');
  });
});

describe('order discussions', () => {
  let purch: { headId: number; discussionId: number };
  let sales: { headId: number; discussionId: number };
  let foreign: { headId: number; discussionId: number };

  beforeAll(async () => {
    await app.deps.db.delete(notifications);
    purch = await createOrderWithDiscussion(app.deps.db, { kind: 'purch', consigneeId: consigneeA.id });
    sales = await createOrderWithDiscussion(app.deps.db, { kind: 'sales', consigneeId: consigneeA.id });
    foreign = await createOrderWithDiscussion(app.deps.db, { kind: 'purch', consigneeId: consigneeB.id });
  });

  it('are never listed nor reachable as general discussions', async () => {
    for (const visibility of discussions.VISIBILITIES) {
      const listed = await listIds(visibility, admin);
      expect(listed).not.toContain(purch.discussionId);
      expect(listed).not.toContain(sales.discussionId);
    }
    expect((await get(purch.discussionId, author)).body.failure.code).toBe('discussion_not_found');
  });

  it('are read through their order by users of its company with the permission', async () => {
    const response = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: purch.headId },
      author.token,
    );
    expect(response.body).toMatchObject({
      discussion_id: purch.discussionId,
      visibility: 'order',
      purch_head_id: purch.headId,
      sales_head_id: null,
    });
    const bySales = await app.call(
      discussions.getDiscussionSales,
      { sales_head_id: sales.headId },
      chosen.token,
    );
    expect(bySales.body.sales_head_id).toBe(sales.headId);
  });

  it('are named by their order: its kind, code and template flag, not by English text', async () => {
    const coded = await createOrderWithDiscussion(app.deps.db, {
      kind: 'purch',
      consigneeId: consigneeA.id,
      externalCode: 'PO-NAME-1',
    });
    const template = await createOrderWithDiscussion(app.deps.db, {
      kind: 'sales',
      consigneeId: consigneeA.id,
      externalCode: 'SO-TPL-1',
      isTemplate: true,
    });
    const byPurch = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: coded.headId },
      author.token,
    );
    expect(byPurch.body).toMatchObject({
      name: 'PO-NAME-1',
      order: { kind: 'purch', head_id: coded.headId, external_code: 'PO-NAME-1', is_template: false },
    });
    const byTemplate = await app.call(
      discussions.getDiscussionSales,
      { sales_head_id: template.headId },
      author.token,
    );
    expect(byTemplate.body).toMatchObject({
      name: 'SO-TPL-1',
      order: { kind: 'sales', head_id: template.headId, external_code: 'SO-TPL-1', is_template: true },
    });
    // An order without a code goes by its number.
    const uncoded = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: purch.headId },
      author.token,
    );
    expect(uncoded.body).toMatchObject({
      name: `#${purch.headId}`,
      order: { kind: 'purch', head_id: purch.headId, external_code: null, is_template: false },
    });
    const named = (t: (key: string, params: { code: string }) => string) =>
      discussions.discussionName(t, byTemplate.body);
    expect(named((key, params) => `${key} ${params.code}`)).toBe(
      'discussions.orderName.salesTemplate SO-TPL-1',
    );
  });

  it('answer order_not_found for another company and for a missing or excluded order', async () => {
    const foreignRead = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: foreign.headId },
      author.token,
    );
    expect(foreignRead.body).toEqual({ failure: { code: 'order_not_found' } });
    const foreignComment = await app.call(
      discussions.addCommentPurch,
      { purch_head_id: foreign.headId, text: 'hi' },
      author.token,
    );
    expect(foreignComment.body).toEqual({ failure: { code: 'order_not_found' } });
    const missing = await app.call(discussions.getDiscussionPurch, { purch_head_id: 999_999 }, author.token);
    expect(missing.body).toEqual({ failure: { code: 'order_not_found' } });
    const excluded = await createOrderWithDiscussion(app.deps.db, {
      kind: 'purch',
      consigneeId: consigneeA.id,
    });
    await app.deps.db
      .update(purchHeads)
      .set({ excludedAt: new Date() })
      .where(eq(purchHeads.id, excluded.headId));
    const gone = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: excluded.headId },
      author.token,
    );
    expect(gone.body).toEqual({ failure: { code: 'order_not_found' } });
  });

  it('refuse a user without the order kind permission', async () => {
    const response = await app.call(
      discussions.getDiscussionSales,
      { sales_head_id: sales.headId },
      other.token,
    );
    expect(response.status).toBe(403);
    const comment = await app.call(
      discussions.addCommentSales,
      { sales_head_id: sales.headId, text: 'x' },
      other.token,
    );
    expect(comment.status).toBe(403);
  });

  it('notify the users of the company with the permission who chose order messages', async () => {
    const response = await app.call(
      discussions.addCommentPurch,
      { purch_head_id: purch.headId, text: 'Truck is late' },
      author.token,
    );
    expect(response.body.comment_id).toBeTypeOf('number');
    for (const reader of [chosen, other]) {
      expect((await notificationsOf(reader.id)).map((n) => n.ntfyType)).toEqual(['pord']);
    }
    expect(await notificationsOf(author.id)).toHaveLength(0);
    expect(await notificationsOf(quiet.id)).toHaveLength(0);
    expect(await notificationsOf(outsider.id)).toHaveLength(0);

    await app.call(
      discussions.addCommentSales,
      { sales_head_id: sales.headId, text: 'Picked' },
      author.token,
    );
    expect((await notificationsOf(chosen.id)).map((n) => n.ntfyType).sort()).toEqual(['pord', 'sord']);
    expect(await notificationsOf(other.id)).toHaveLength(1);
  });

  it('show system comments as structured text', async () => {
    await app.deps.db.transaction((tx) =>
      addOrderSystemComment(tx, {
        kind: 'purch',
        headId: purch.headId,
        dict: { code: 'order_progress_changed', old: 'draft', new: 'ready' },
      }),
    );
    const { body } = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: purch.headId },
      author.token,
    );
    expect(body.comments.at(-1)).toMatchObject({
      user_id: null,
      user: null,
      is_dict: true,
      text: { code: 'order_progress_changed', old: 'draft', new: 'ready' },
    });
    // Author of the comment above is the system: the author of the order now hears of it too.
    expect(await notificationsOf(author.id)).toHaveLength(1);
  });
});

describe('earlier comments', () => {
  let id: number;
  let latest: discussions.Comment[];

  async function listComments(by: Person, body: Record<string, unknown>) {
    return app.call(discussions.listComments, body, by.token);
  }

  const texts = (items: discussions.Comment[]) => items.map((comment) => comment.text);

  beforeAll(async () => {
    id = await addDiscussion('broadcast', author);
    await createComments(app.deps.db, { discussionId: id, userId: other.id, count: 1200 });
    const attachedTo = await app.deps.db
      .select({ id: comments.id, text: comments.text })
      .from(comments)
      .where(and(eq(comments.discussionId, id), inArray(comments.text, ['Comment 2', 'Comment 650'])));
    await app.deps.db.insert(files).values(
      attachedTo.map((comment) => ({
        code: `earlier-file-${comment.id}-0123456789`,
        name: `${comment.text}.pdf`,
        ext: 'pdf',
        mime: 'application/pdf',
        size: 3,
        storageKey: `earlier-${comment.id}`,
        uploaderId: other.id,
        commentId: comment.id,
      })),
    );
    const { body } = await get(id, chosen);
    latest = body.comments;
  });

  it('page back from the latest 500 to the first comment, each once and in order', async () => {
    expect(latest).toHaveLength(discussions.MAX_THREAD_COMMENTS);
    expect(latest[0]!.text).toBe('Comment 701');
    expect(latest.at(-1)!.text).toBe('Comment 1200');

    const pages: discussions.Comment[][] = [];
    let before = latest[0]!.comment_id;
    for (let more = true; more; ) {
      const { body } = await listComments(chosen, {
        discussion_id: id,
        before_comment_id: before,
        count: 300,
      });
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.length).toBeLessThanOrEqual(300);
      pages.unshift(body.items);
      before = body.items[0].comment_id;
      more = body.more;
    }
    expect(pages.map((page) => page.length)).toEqual([101, 300, 300]);
    const thread = [...pages.flat(), ...latest];
    const expected = ['Hello there', ...Array.from({ length: 1200 }, (_, index) => `Comment ${index + 1}`)];
    expect(texts(thread)).toEqual(expected);
    expect(new Set(thread.map((comment) => comment.comment_id)).size).toBe(expected.length);
  });

  it('bring the files and authors of their comments, a hundred by default', async () => {
    const { body } = await listComments(chosen, {
      discussion_id: id,
      before_comment_id: latest[0]!.comment_id,
    });
    expect(body.more).toBe(true);
    expect(texts(body.items)).toEqual(Array.from({ length: 100 }, (_, index) => `Comment ${index + 601}`));
    expect(body.items[49]).toEqual({
      comment_id: expect.any(Number),
      user_id: other.id,
      user: { user_id: other.id, username: expect.any(String), fio: null },
      creation_date: { $datetime: expect.any(String) },
      is_dict: false,
      text: 'Comment 650',
      files: [{ code: expect.stringMatching(/^earlier-file-/), name: 'Comment 650.pdf', ext: 'pdf' }],
    });
    expect(body.items.filter((comment: discussions.Comment) => comment.files.length > 0)).toHaveLength(1);

    const first = await listComments(chosen, {
      discussion_id: id,
      before_comment_id: latest[0]!.comment_id,
      count: 500,
    });
    const second = await listComments(chosen, {
      discussion_id: id,
      before_comment_id: first.body.items[0].comment_id,
      count: 500,
    });
    expect(second.body.more).toBe(false);
    expect(second.body.items[2]).toMatchObject({ text: 'Comment 2', files: [{ name: 'Comment 2.pdf' }] });
  });

  it('answer discussion_not_found to another company, to outsiders of a private discussion, and for none', async () => {
    const missing = { failure: { code: 'discussion_not_found' } };
    const before = latest[0]!.comment_id;
    expect((await listComments(outsider, { discussion_id: id, before_comment_id: before })).body).toEqual(
      missing,
    );
    expect((await listComments(admin, { discussion_id: id, before_comment_id: before })).body.more).toBe(
      true,
    );
    expect((await listComments(chosen, { discussion_id: 999_999, before_comment_id: before })).body).toEqual(
      missing,
    );

    const privateId = await addDiscussion('private', author, { users: [chosen.id] });
    const [opening] = (await get(privateId, author)).body.comments;
    const request = { discussion_id: privateId, before_comment_id: opening.comment_id };
    for (const reader of [author, chosen]) {
      expect((await listComments(reader, request)).body).toEqual({ items: [], more: false });
    }
    for (const reader of [other, admin, outsider]) {
      expect((await listComments(reader, request)).body).toEqual(missing);
    }
  });

  it("answer discussion_not_found for an order's discussion without the order kind's permission", async () => {
    const purch = await createOrderWithDiscussion(app.deps.db, { kind: 'purch', consigneeId: consigneeA.id });
    const sales = await createOrderWithDiscussion(app.deps.db, { kind: 'sales', consigneeId: consigneeA.id });
    const foreign = await createOrderWithDiscussion(app.deps.db, {
      kind: 'purch',
      consigneeId: consigneeB.id,
    });
    const anchors = new Map<number, number>();
    for (const order of [purch, sales, foreign]) {
      await createComments(app.deps.db, { discussionId: order.discussionId, userId: author.id, count: 4 });
      const [newest] = await app.deps.db
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.discussionId, order.discussionId), eq(comments.text, 'Comment 4')));
      anchors.set(order.discussionId, newest!.id);
    }
    const request = (order: { discussionId: number }) => ({
      discussion_id: order.discussionId,
      before_comment_id: anchors.get(order.discussionId),
    });
    const missing = { failure: { code: 'discussion_not_found' } };

    // other holds pord but not sord.
    expect(texts((await listComments(other, request(purch))).body.items)).toEqual([
      'Comment 1',
      'Comment 2',
      'Comment 3',
    ]);
    expect((await listComments(other, request(sales))).body).toEqual(missing);
    expect(texts((await listComments(chosen, request(sales))).body.items)).toHaveLength(3);
    expect((await listComments(author, request(foreign))).body).toEqual(missing);
    expect((await listComments(outsider, request(foreign))).body.items).toHaveLength(3);
  });

  it('refuse a before_comment_id that is not a comment of the discussion', async () => {
    const otherThread = await addDiscussion('broadcast', author);
    const [elsewhere] = (await get(otherThread, author)).body.comments;
    for (const before of [elsewhere.comment_id, 999_999]) {
      const response = await listComments(chosen, { discussion_id: id, before_comment_id: before });
      expect(response.body).toEqual({ failure: { code: 'comment_not_found' } });
    }
  });

  it('refuse a count outside 1..500 as malformed', async () => {
    for (const count of [0, 501]) {
      const response = await listComments(chosen, {
        discussion_id: id,
        before_comment_id: latest[0]!.comment_id,
        count,
      });
      expect(response.status).toBe(400);
      expect(response.body.failure.code).toBe('malformed_api_request');
    }
  });
});

describe('choosing users', () => {
  it('lists active users of the chosen company only', async () => {
    const { body } = await app.call(
      discussions.listUsers,
      { filters: { company_id: companyA.id }, count: 100 },
      author.token,
    );
    const ids = body.items.map((item: { user_id: number }) => item.user_id);
    expect(ids).toEqual(expect.arrayContaining([author.id, chosen.id, other.id, quiet.id]));
    expect(ids).not.toContain(outsider.id);
    expect(Object.keys(body.items[0]).sort()).toEqual(['fio', 'user_id', 'username']);
  });

  it('lists nobody of a company the caller does not belong to', async () => {
    const { body } = await app.call(
      discussions.listUsers,
      { filters: { company_id: companyB.id } },
      author.token,
    );
    expect(body.items).toEqual([]);
  });

  it('answers total with with_total, a user of several companies counted once', async () => {
    const db = app.deps.db;
    const both = await person({ companyIds: [companyA.id, companyB.id], username: 'total-both' });
    await createUser(db, { companyIds: [companyA.id], username: 'total-a' });
    await createUser(db, { companyIds: [companyB.id], username: 'total-b' });
    await createUser(db, { companyIds: [companyA.id], username: 'total-gone', excluded: true });
    const list = (body: Record<string, unknown>, by: Person) =>
      app.call(discussions.listUsers, body, by.token);
    const mine = await list({ filters: { smart: 'total-' }, count: 1, with_total: true }, both);
    expect(mine.body).toMatchObject({ more: true, total: 3 });
    expect(mine.body.items).toHaveLength(1);
    const all = await list({ filters: { smart: 'total-' }, count: 1000, with_total: true }, both);
    expect(all.body.items.map((item: { username: string }) => item.username)).toEqual([
      'total-a',
      'total-b',
      'total-both',
    ]);
    const ofA = await list({ filters: { smart: 'total-' }, with_total: true }, author);
    expect(ofA.body).toMatchObject({ more: false, total: 2 });
    const without = await list({ filters: { smart: 'total-' } }, both);
    expect(without.body).not.toHaveProperty('total');
  });

  it('orders by username both ways', async () => {
    const names = async (ordering?: string) =>
      (
        await app.call(
          discussions.listUsers,
          { filters: { smart: 'total-' }, ...(ordering ? { ordering } : {}) },
          admin.token,
        )
      ).body.items.map((item: { username: string }) => item.username);
    expect(await names()).toEqual(['total-a', 'total-b', 'total-both']);
    expect(await names('username')).toEqual(['total-a', 'total-b', 'total-both']);
    expect(await names('-username')).toEqual(['total-both', 'total-b', 'total-a']);
  });
});

describe('session badge', () => {
  it('reflects unseen notifications until they are marked seen', async () => {
    const before = await app.call(auth.getSession, {}, chosen.token);
    expect(before.body.has_new_notifications).toBe(true);
    await app.call(ntfy.markSeen, {}, chosen.token);
    const after = await app.call(auth.getSession, {}, chosen.token);
    expect(after.body.has_new_notifications).toBe(false);
  });
});
