import { auth } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableColumns } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

describe('table columns', () => {
  it('remembers the columns a user chose per table, for that user only', async () => {
    const anna = await createUser(app.deps.db);
    const boris = await createUser(app.deps.db);
    const annaToken = await loginAs(app, anna);
    const borisToken = await loginAs(app, boris);

    expect((await app.call(auth.getTableColumns, {}, annaToken)).body).toEqual({ items: [] });
    const set = await app.call(
      auth.setTableColumns,
      { table: 'stock', columns: ['sku_code', 'sku_name', 'sscc'] },
      annaToken,
    );
    expect(set).toEqual({ status: 200, body: {} });
    await app.call(auth.setTableColumns, { table: 'users', columns: ['username'] }, annaToken);
    await app.call(auth.setTableColumns, { table: 'stock', columns: ['qty', 'sku_name'] }, annaToken);

    const annas = await app.call(auth.getTableColumns, {}, await loginAs(app, anna));
    expect(annas.body.items).toHaveLength(2);
    expect(annas.body.items).toEqual(
      expect.arrayContaining([
        { table: 'stock', columns: ['qty', 'sku_name'] },
        { table: 'users', columns: ['username'] },
      ]),
    );
    expect((await app.call(auth.getTableColumns, {}, borisToken)).body).toEqual({ items: [] });
  });

  it('goes back to the default columns when the choice is null', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    await app.call(auth.setTableColumns, { table: 'sku', columns: ['name'] }, token);
    await app.call(auth.setTableColumns, { table: 'sku', columns: null }, token);
    expect((await app.call(auth.getTableColumns, {}, token)).body).toEqual({ items: [] });
  });

  it('refuses an unknown table, an unknown or repeated column and no column, changing nothing', async () => {
    const user = await createUser(app.deps.db);
    const token = await loginAs(app, user);
    await app.call(auth.setTableColumns, { table: 'companies', columns: ['code', 'name'] }, token);
    for (const body of [
      { table: 'secrets', columns: ['code'] },
      { table: 'companies', columns: ['code', 'password_hash'] },
      { table: 'companies', columns: ['code', 'code'] },
      { table: 'companies', columns: [] },
      { table: 'companies', columns: 'code' },
    ]) {
      const response = await app.call(auth.setTableColumns, body, token);
      expect(response.status).toBe(400);
      expect(response.body.failure.code).toBe('malformed_api_request');
    }
    expect((await app.call(auth.getTableColumns, {}, token)).body).toEqual({
      items: [{ table: 'companies', columns: ['code', 'name'] }],
    });
  });

  it('leaves out columns and tables the web no longer knows', async () => {
    const user = await createUser(app.deps.db);
    await app.deps.db.insert(tableColumns).values([
      { userId: user.id, tableId: 'sku', columns: ['name', 'gone'] },
      { userId: user.id, tableId: 'old_table', columns: ['name'] },
      { userId: user.id, tableId: 'users', columns: ['gone'] },
    ]);
    const response = await app.call(auth.getTableColumns, {}, await loginAs(app, user));
    expect(response.body).toEqual({ items: [{ table: 'sku', columns: ['name'] }] });
  });

  it('needs a session', async () => {
    const response = await app.call(auth.getTableColumns, {});
    expect(response.status).toBe(401);
    const set = await app.call(auth.setTableColumns, { table: 'sku', columns: ['name'] });
    expect(set.status).toBe(401);
  });
});
