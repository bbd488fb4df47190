import { discussions } from '@extranet/contract';
import { and, eq, max } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, discussionReads } from '../../db/schema';
import type { Actor } from '../../http/session';
import {
  addDiscussion,
  admin,
  app,
  author,
  chosen,
  companyA,
  companyB,
  get,
  listIds,
  other,
  outsider,
  type Person,
  person,
  quiet,
  useDiscussionContext,
} from '../../test/discussions.context';
import { createComments } from '../../test/discussions.factories';
import { createUser } from '../../test/factories';
import { listDiscussions as listDiscussionRows } from './discussions.repository';

useDiscussionContext();

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
