import { discussions } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { notifications } from '../db/schema';
import { createTestApp, loginAs, type TestApp } from './app';
import { createCompany, createConsignee, createUser } from './factories';

export const ALL_TYPES = ['bcst', 'nrml', 'prvt', 'pord', 'sord', 'omov'];

export interface Person {
  id: number;
  token: string;
}

/**
 * The app, companies and people of the test file that called useDiscussionContext, set before its
 * tests. Test files run one after another in a worker, each setting them anew.
 */
export let app: TestApp;
export let companyA: { id: number; name: string };
export let companyB: { id: number; name: string };
export let consigneeA: { id: number };
export let consigneeB: { id: number };
export let author: Person;
export let chosen: Person;
export let other: Person;
export let outsider: Person;
export let admin: Person;
export let quiet: Person;

export async function person(options: Parameters<typeof createUser>[1]): Promise<Person> {
  const user = await createUser(app.deps.db, options);
  return { id: user.id, token: await loginAs(app, user) };
}

export async function notificationsOf(userId: number) {
  return app.deps.db.select().from(notifications).where(eq(notifications.userId, userId));
}

export async function addDiscussion(
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

export async function listIds(
  visibility: discussions.Visibility,
  by: Person,
  body: Record<string, unknown> = {},
) {
  const response = await app.call(
    discussions.LIST_DISCUSSIONS[visibility],
    { count: 1000, ...body },
    by.token,
  );
  expect(response.status).toBe(200);
  return (response.body.items as Array<{ discussion_id: number }>).map((item) => item.discussion_id);
}

export async function get(discussionId: number, by: Person) {
  return app.call(discussions.getDiscussionGeneral, { discussion_id: discussionId }, by.token);
}

/**
 * Registers, in the calling test file, the opening of its own app on a fresh database (closed after
 * the file by setup.ts) with two companies and the people of their discussions.
 */
export function useDiscussionContext(): void {
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
}
