import { auth } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../test/app';
import { createCompany, createUser } from '../test/factories';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

/**
 * Issue 28, finding 14: the pool drops a connection after any failed query; on the embedded
 * database the dropped connection's prepared statements used to stay behind in its one backend,
 * and every later session lookup failed ("prepared statement find_session already exists").
 */
describe('named prepared statements after a failed statement', () => {
  it('six concurrent change_username calls to one new name leave sign-in and sessions working', async () => {
    const db = app.deps.db;
    const company = await createCompany(db);
    const manager = await createUser(db, { roleId: 7, permissions: ['umgr'], companyIds: [company.id] });
    const targets = await Promise.all(
      Array.from({ length: 6 }, () => createUser(db, { roleId: 1, companyIds: [company.id] })),
    );
    const token = await loginAs(app, manager);
    const answers = await Promise.all(
      targets.map((target) =>
        app.call(auth.changeUsername, { user_id: target.id, username: 'one-new-name' }, token),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.failure === undefined)).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      const session = await app.call(auth.getSession, {}, token);
      expect(session.status).toBe(200);
      const fresh = await loginAs(app, manager);
      expect((await app.call(auth.getSession, {}, fresh)).status).toBe(200);
    }
  });
});
