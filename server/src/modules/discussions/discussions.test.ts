import { auth, discussions, notifications as ntfy } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, userCompanies } from '../../db/schema';
import {
  addDiscussion,
  admin,
  app,
  author,
  chosen,
  companyA,
  companyB,
  consigneeA,
  get,
  listIds,
  notificationsOf,
  other,
  outsider,
  person,
  quiet,
  useDiscussionContext,
} from '../../test/discussions.context';
import { createOrderWithDiscussion } from '../../test/discussions.factories';

useDiscussionContext();

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

describe('session badge', () => {
  it('reflects unseen notifications until they are marked seen', async () => {
    const before = await app.call(auth.getSession, {}, chosen.token);
    expect(before.body.has_new_notifications).toBe(true);
    await app.call(ntfy.markSeen, {}, chosen.token);
    const after = await app.call(auth.getSession, {}, chosen.token);
    expect(after.body.has_new_notifications).toBe(false);
  });
});
