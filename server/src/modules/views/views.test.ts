import { auth, TOTAL_CAP, views } from '@extranet/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedViews } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createCompany, createUser } from '../../test/factories';
import { createOrderWorld, insertOrder, type OrderWorld } from '../../test/orders.factories';

let app: TestApp;
let world: OrderWorld;
let foreignWorld: OrderWorld;
/** pord, sord, stck, umgr in the world's company. */
let clerk: { id: number; token: string };
/** Another user of the same company. */
let colleague: { id: number; token: string };
/** A user of another company with every permission. */
let stranger: { id: number; token: string };
/** Same company, no permission but discussions. */
let bare: { id: number; token: string };

async function signedIn(user: { id: number; username: string; password: string }) {
  return { id: user.id, token: await loginAs(app, user) };
}

const ALL: ['pord', 'sord', 'stck', 'umgr'] = ['pord', 'sord', 'stck', 'umgr'];

async function save(token: string, body: Record<string, unknown>) {
  return app.call(views.saveView, body, token);
}

async function list(token: string, listName: string) {
  return app.call(views.listViews, { list: listName }, token);
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.deps.db;
  world = await createOrderWorld(db, { permissions: ALL });
  foreignWorld = await createOrderWorld(db, { permissions: ALL });
  clerk = await signedIn(world.user);
  colleague = await signedIn(
    await createUser(db, { fio: 'Anna Colleague', permissions: ALL, companyIds: [world.company.id] }),
  );
  stranger = await signedIn(foreignWorld.user);
  bare = await signedIn(await createUser(db, { companyIds: [world.company.id] }));
});

describe('views/save_view and list_views', () => {
  it('saves a view and lists it back with its owner, as the caller’s own', async () => {
    const saved = await save(clerk.token, {
      list: 'purch_orders',
      name: '  Open drafts  ',
      filters: { consignee_id: world.consignee.id, progress: 'draft', is_template: false },
      ordering: '-creation_date',
      columns: ['external_code', 'status'],
      shared: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ view_id: expect.any(Number) });

    const listed = await list(clerk.token, 'purch_orders');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      {
        view_id: saved.body.view_id,
        list: 'purch_orders',
        name: 'Open drafts',
        filters: { consignee_id: world.consignee.id, progress: 'draft', is_template: false },
        dropped_filters: [],
        ordering: '-creation_date',
        columns: ['external_code', 'status'],
        shared: false,
        owner: { user_id: clerk.id, name: world.user.fio ?? world.user.username },
        is_own: true,
        pinned: false,
      },
    ]);
    // Another list's views are apart.
    expect((await list(clerk.token, 'sales_orders')).body.items).toEqual([]);
  });

  it('replaces the caller’s view of the same name (letter case aside), keeping its id', async () => {
    const first = await save(clerk.token, { list: 'stock', name: 'Expiring', filters: {}, shared: false });
    const second = await save(clerk.token, {
      list: 'stock',
      name: 'EXPIRING',
      filters: { smart: 'milk' },
      ordering: 'expiry_date',
      shared: true,
    });
    expect(second.body.view_id).toBe(first.body.view_id);
    const items = (await list(clerk.token, 'stock')).body.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'EXPIRING', filters: { smart: 'milk' }, shared: true });
  });

  it('keeps filters in their wire form, dates as {$date}, as the list call takes them', async () => {
    const filters = {
      creation_date_from: { $date: '2026-01-01' },
      creation_date_to: { $date: '2026-12-31' },
      smart: 'PO',
    };
    const saved = await save(clerk.token, { list: 'sales_orders', name: 'This year', filters });
    expect(saved.status).toBe(200);
    const item = (await list(clerk.token, 'sales_orders')).body.items.find(
      (view: views.ViewItem) => view.view_id === saved.body.view_id,
    );
    expect(item).toMatchObject({ filters, dropped_filters: [] });
  });

  it('takes defaults: no filters, the list’s own ordering and columns, private', async () => {
    const saved = await save(clerk.token, { list: 'sku', name: 'Everything' });
    expect(saved.status).toBe(200);
    const item = (await list(clerk.token, 'sku')).body.items.find(
      (view: views.ViewItem) => view.view_id === saved.body.view_id,
    );
    expect(item).toMatchObject({ filters: {}, ordering: null, columns: [], shared: false });
  });

  const EACH_LIST: Array<{
    list: views.ViewList;
    valid: Record<string, unknown>;
    unknown: Record<string, unknown>;
    wrongType: Record<string, unknown>;
    ordering: string;
  }> = [
    {
      list: 'purch_orders',
      valid: { vendor_id: 5, smart: 'PO', creation_date_from: { $date: '2026-01-01' } },
      unknown: { customer_id: 5 },
      wrongType: { creation_date_from: '2026-01-01' },
      ordering: 'status',
    },
    {
      list: 'sales_orders',
      valid: { customer_id: 5, shipped_without_tracking: true },
      unknown: { vendor_id: 5 },
      wrongType: { shipped_without_tracking: false },
      ordering: '-creation_date',
    },
    {
      list: 'stock',
      valid: { consignee_id: 1, sku_id: 2 },
      unknown: { batch: 'B1' },
      wrongType: { sku_id: 'two' },
      ordering: 'mfg_date',
    },
    {
      list: 'sku',
      valid: { business_line_id: 3, smart: 'tea' },
      unknown: { vendor_id: 3 },
      wrongType: { consignee_id: -1 },
      ordering: 'external_code',
    },
    {
      list: 'users',
      valid: { role_id: 7, user_id_list: [1, 2] },
      unknown: { excluded: true },
      wrongType: { user_id_list: 'all' },
      ordering: '-fio',
    },
    {
      list: 'discussions',
      valid: { visibility: 'broadcast', company_id: 1 },
      unknown: { unread: true },
      wrongType: { visibility: 'order' },
      ordering: 'modification_date',
    },
  ];

  for (const { list: listName, valid, unknown, wrongType, ordering } of EACH_LIST) {
    it(`checks ${listName} views against that list’s own filters and orderings`, async () => {
      const name = `Check ${listName}`;
      const ok = await save(clerk.token, { list: listName, name, filters: valid, ordering });
      expect(ok.status).toBe(200);

      const refusedUnknown = await save(clerk.token, { list: listName, name: 'x1', filters: unknown });
      expect(refusedUnknown.status).toBe(400);
      expect(refusedUnknown.body.failure.code).toBe('crud_filter_unknown');

      const refusedType = await save(clerk.token, { list: listName, name: 'x2', filters: wrongType });
      expect(refusedType.status).toBe(400);
      expect(refusedType.body.failure.code).toBe('crud_filter_invalid_type');

      const refusedOrdering = await save(clerk.token, { list: listName, name: 'x3', ordering: 'nope' });
      expect(refusedOrdering.status).toBe(400);
      expect(refusedOrdering.body.failure.code).toBe('crud_order_unknown');

      const names = (await list(clerk.token, listName)).body.items.map((view: views.ViewItem) => view.name);
      expect(names).toContain(name);
      expect(names).not.toEqual(expect.arrayContaining(['x1']));
      expect(names.filter((n: string) => n.startsWith('x'))).toEqual([]);
    });
  }

  it('refuses columns that are not the list’s, or named twice', async () => {
    const foreignColumn = await save(clerk.token, { list: 'users', name: 'Cols', columns: ['sku_name'] });
    expect(foreignColumn.status).toBe(400);
    expect(foreignColumn.body.failure.code).toBe('malformed_api_request');
    const twice = await save(clerk.token, { list: 'users', name: 'Cols', columns: ['email', 'email'] });
    expect(twice.status).toBe(400);
  });

  it('refuses hostile and huge input with 400 and stores nothing', async () => {
    const before = await app.deps.db.select({ value: sql<number>`count(*)::int` }).from(savedViews);
    const hostile: Array<Record<string, unknown>> = [
      { list: 'purch_orders', name: 'n'.repeat(10 * 1024) },
      { list: 'purch_orders', name: '   ' },
      { list: 'orders', name: 'Unknown list' },
      { list: 'purch_orders', name: 'Deep', filters: { consignee_id: { a: { b: { c: { d: { e: 1 } } } } } } },
      { list: 'purch_orders', name: 'Cols', columns: Array.from({ length: 1000 }, () => 'status') },
      { list: 'purch_orders', name: 'Filters', filters: 'consignee_id=1' },
      { list: 'purch_orders', name: 'Shared', shared: 'yes' },
      { list: 'purch_orders', name: 'Ordering', ordering: 'x'.repeat(5000) },
    ];
    for (const body of hostile) {
      const response = await save(clerk.token, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.failure.code).toMatch(/^(malformed_api_request|crud_)/);
    }
    const deeper = await app.app.inject({
      method: 'POST',
      url: `/api${views.saveView.path}`,
      headers: { authorization: `SessionCode ${clerk.token}`, 'content-type': 'application/json' },
      payload: `{"list":"stock","name":"Nest","filters":{"smart":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
    });
    expect(deeper.statusCode).toBe(400);
    const after = await app.deps.db.select({ value: sql<number>`count(*)::int` }).from(savedViews);
    expect(after[0]!.value).toBe(before[0]!.value);
    expect((await list(clerk.token, 'unknown_list')).status).toBe(400);
  });

  it('refuses a list the caller may not read (403), for saving and listing', async () => {
    for (const listName of ['purch_orders', 'sales_orders', 'stock', 'sku', 'users']) {
      const saved = await save(bare.token, { list: listName, name: 'Mine' });
      expect(saved.status, listName).toBe(403);
      expect(saved.body.failure.code).toBe('forbidden');
      expect((await list(bare.token, listName)).status).toBe(403);
    }
    // Discussions take no permission.
    expect((await save(bare.token, { list: 'discussions', name: 'Mine' })).status).toBe(200);
  });

  it('refuses a new name past the cap per user and list, but still replaces an existing one', async () => {
    const user = await signedIn(await createUser(app.deps.db, { companyIds: [world.company.id] }));
    await app.deps.db.insert(savedViews).values(
      Array.from({ length: views.MAX_VIEWS_PER_LIST }, (_, index) => ({
        ownerId: user.id,
        list: 'discussions',
        name: `View ${index}`,
        filters: {},
        columns: [],
      })),
    );
    const refused = await save(user.token, { list: 'discussions', name: 'One more' });
    expect(refused.status).toBe(200);
    expect(refused.body.failure).toEqual({ code: 'view_limit_reached', details: { max: 100 } });
    expect((await save(user.token, { list: 'discussions', name: 'view 3', shared: true })).status).toBe(200);
    expect((await list(user.token, 'discussions')).body.items).toHaveLength(views.MAX_VIEWS_PER_LIST);
  });

  it('answers without a session 401', async () => {
    expect((await app.call(views.saveView, { list: 'stock', name: 'x' })).status).toBe(401);
  });
});

describe('shared and private views across users and companies', () => {
  let privateId: number;
  let sharedId: number;
  let strangerSharedId: number;

  beforeAll(async () => {
    privateId = (await save(clerk.token, { list: 'users', name: 'Private one', shared: false })).body.view_id;
    sharedId = (await save(clerk.token, { list: 'users', name: 'Team view', shared: true })).body.view_id;
    strangerSharedId = (await save(stranger.token, { list: 'users', name: 'Their team', shared: true })).body
      .view_id;
  });

  it('shows a colleague the shared view, read only, and never the private one', async () => {
    const items = (await list(colleague.token, 'users')).body.items as views.ViewItem[];
    const ids = items.map((view) => view.view_id);
    expect(ids).toContain(sharedId);
    expect(ids).not.toContain(privateId);
    expect(items.find((view) => view.view_id === sharedId)).toMatchObject({
      is_own: false,
      owner: { user_id: clerk.id },
    });
  });

  it('shows another company’s user neither view, and their shared view stays theirs', async () => {
    const ids = (await list(stranger.token, 'users')).body.items.map((view: views.ViewItem) => view.view_id);
    expect(ids).toEqual([strangerSharedId]);
    const clerkIds = (await list(clerk.token, 'users')).body.items.map(
      (view: views.ViewItem) => view.view_id,
    );
    expect(clerkIds).not.toContain(strangerSharedId);
  });

  it('lets only the owner delete: a colleague’s and another company’s attempts answer not found', async () => {
    const byColleague = await app.call(views.deleteView, { view_id: sharedId }, colleague.token);
    expect(byColleague.body.failure).toEqual({ code: 'view_not_found', details: { view_id: sharedId } });
    const byStranger = await app.call(views.deleteView, { view_id: privateId }, stranger.token);
    expect(byStranger.body.failure.code).toBe('view_not_found');
    const missing = await app.call(views.deleteView, { view_id: 2_000_000_000 }, clerk.token);
    expect(missing.body.failure.code).toBe('view_not_found');

    const own = await app.call(views.deleteView, { view_id: privateId }, clerk.token);
    expect(own).toEqual({ status: 200, body: {} });
    const ids = (await list(clerk.token, 'users')).body.items.map((view: views.ViewItem) => view.view_id);
    expect(ids).not.toContain(privateId);
  });

  it('stops sharing with a colleague once the owner leaves their company', async () => {
    const leaver = await createUser(app.deps.db, { permissions: ['umgr'], companyIds: [world.company.id] });
    const leaverSession = await signedIn(leaver);
    const id = (await save(leaverSession.token, { list: 'users', name: 'Leaving', shared: true })).body
      .view_id;
    const seen = () =>
      list(colleague.token, 'users').then((r) => r.body.items.map((view: views.ViewItem) => view.view_id));
    expect(await seen()).toContain(id);
    await app.deps.db.execute(sql`delete from user_companies where user_id = ${leaver.id}`);
    expect(await seen()).not.toContain(id);
  });

  it('opens a view whose filter the list no longer takes without it, naming it', async () => {
    const [row] = await app.deps.db
      .insert(savedViews)
      .values({
        ownerId: clerk.id,
        list: 'stock',
        name: 'Old filters',
        filters: { consignee_id: world.consignee.id, warehouse_zone: 'A', sku_id: 'not a number' },
        ordering: 'zone',
        columns: ['sku_name', 'shelf'],
      })
      .returning();
    const item = (await list(clerk.token, 'stock')).body.items.find(
      (view: views.ViewItem) => view.view_id === row!.id,
    );
    expect(item).toMatchObject({
      filters: { consignee_id: world.consignee.id },
      dropped_filters: ['sku_id', 'warehouse_zone'],
      ordering: null,
      columns: ['sku_name'],
    });
  });
});

describe('views/pin_view and list_pinned_views', () => {
  let pinner: { id: number; token: string };

  beforeAll(async () => {
    pinner = await signedIn(
      await createUser(app.deps.db, { permissions: ALL, companyIds: [world.company.id] }),
    );
  });

  it('counts each pinned view’s rows through its list, as the caller may see them', async () => {
    const db = app.deps.db;
    for (let i = 0; i < 3; i++) await insertOrder(db, 'purch', { consigneeId: world.consignee.id });
    await insertOrder(db, 'purch', { consigneeId: world.consignee.id, progress: 'ready' });
    // Another company's orders are never counted, even with no consignee filter.
    await insertOrder(db, 'purch', { consigneeId: foreignWorld.consignee.id });

    const drafts = (
      await save(pinner.token, {
        list: 'purch_orders',
        name: 'Drafts',
        filters: { progress: 'draft', is_template: false },
      })
    ).body.view_id;
    const all = (await save(pinner.token, { list: 'purch_orders', name: 'All' })).body.view_id;
    const team = (
      await save(pinner.token, { list: 'users', name: 'Team', filters: { company_id: world.company.id } })
    ).body.view_id;
    for (const id of [drafts, all, team]) {
      expect(await app.call(views.pinView, { view_id: id, pinned: true }, pinner.token)).toEqual({
        status: 200,
        body: {},
      });
    }
    const pinned = await app.call(views.listPinnedViews, {}, pinner.token);
    expect(pinned.status).toBe(200);
    expect(pinned.body.items.map((item: views.PinnedView) => [item.name, item.total, item.pinned])).toEqual([
      ['Drafts', 3, true],
      ['All', 4, true],
      // The clerk, the colleague, the bare user, and the others of the company made above.
      ['Team', expect.any(Number), true],
    ]);
    const usersTotal = await app.call(
      auth.listUsers,
      { filters: { company_id: world.company.id }, with_total: true },
      pinner.token,
    );
    expect(pinned.body.items[2].total).toBe(usersTotal.body.total);
    expect((await list(pinner.token, 'purch_orders')).body.items.every((v: views.ViewItem) => v.pinned)).toBe(
      true,
    );
  });

  it('pins a colleague’s shared view, never another company’s, and refuses a seventh pin', async () => {
    const shared = (await save(colleague.token, { list: 'discussions', name: 'Shared talk', shared: true }))
      .body.view_id;
    const foreign = (await save(stranger.token, { list: 'discussions', name: 'Foreign', shared: true })).body
      .view_id;
    const refusedForeign = await app.call(views.pinView, { view_id: foreign, pinned: true }, pinner.token);
    expect(refusedForeign.body.failure.code).toBe('view_not_found');

    expect((await app.call(views.pinView, { view_id: shared, pinned: true }, pinner.token)).status).toBe(200);
    for (const name of ['Four', 'Five']) {
      const id = (await save(pinner.token, { list: 'discussions', name })).body.view_id;
      expect((await app.call(views.pinView, { view_id: id, pinned: true }, pinner.token)).body).toEqual({});
    }
    const seventh = (await save(pinner.token, { list: 'discussions', name: 'Seventh' })).body.view_id;
    const refused = await app.call(views.pinView, { view_id: seventh, pinned: true }, pinner.token);
    expect(refused.body.failure).toEqual({ code: 'view_pin_limit_reached', details: { max: 6 } });
    // Pinning again what is pinned is no seventh pin.
    expect((await app.call(views.pinView, { view_id: shared, pinned: true }, pinner.token)).body).toEqual({});

    const pinned = (await app.call(views.listPinnedViews, {}, pinner.token)).body.items;
    expect(pinned).toHaveLength(views.MAX_PINNED_VIEWS);
    expect(pinned.find((item: views.PinnedView) => item.view_id === shared)).toMatchObject({
      is_own: false,
      total: 0,
    });

    expect((await app.call(views.pinView, { view_id: shared, pinned: false }, pinner.token)).body).toEqual(
      {},
    );
    expect((await app.call(views.pinView, { view_id: seventh, pinned: true }, pinner.token)).body).toEqual(
      {},
    );
  });

  it('shows a pinned view of a list the caller can no longer read without a count', async () => {
    const user = await createUser(app.deps.db, { permissions: ['stck'], companyIds: [world.company.id] });
    const session = await signedIn(user);
    const id = (await save(session.token, { list: 'stock', name: 'Stock' })).body.view_id;
    await app.call(views.pinView, { view_id: id, pinned: true }, session.token);
    await app.deps.db.execute(sql`delete from user_permissions where user_id = ${user.id}`);
    const again = await signedIn(user);
    const pinned = (await app.call(views.listPinnedViews, {}, again.token)).body.items;
    expect(pinned).toEqual([expect.objectContaining({ view_id: id, total: null })]);
  });

  it('caps a count as the lists do, also of a list that counts every row', async () => {
    const db = app.deps.db;
    const company = await createCompany(db);
    const owner = await signedIn(await createUser(db, { companyIds: [company.id] }));
    await db.execute(
      sql`insert into discussions (company_id, name, visibility) select ${company.id}, 'Thread ' || n, 'normal' from generate_series(1, ${TOTAL_CAP + 5}) as n`,
    );
    const id = (
      await save(owner.token, { list: 'discussions', name: 'Big', filters: { visibility: 'normal' } })
    ).body.view_id;
    const small = (
      await save(owner.token, { list: 'discussions', name: 'Small', filters: { visibility: 'broadcast' } })
    ).body.view_id;
    await app.call(views.pinView, { view_id: id, pinned: true }, owner.token);
    await app.call(views.pinView, { view_id: small, pinned: true }, owner.token);
    const cards = (await app.call(views.listPinnedViews, {}, owner.token)).body.items;
    expect(cards[0]).toMatchObject({ name: 'Big', total: TOTAL_CAP, total_capped: true });
    expect(cards[1]).toMatchObject({ name: 'Small', total: 0 });
    expect(cards[1]).not.toHaveProperty('total_capped');
  });

  it('refuses hostile pin input', async () => {
    expect((await app.call(views.pinView, { view_id: 'x', pinned: true }, pinner.token)).status).toBe(400);
    expect((await app.call(views.pinView, { view_id: 1 }, pinner.token)).status).toBe(400);
    expect((await app.call(views.pinView, { view_id: -1, pinned: true }, pinner.token)).status).toBe(400);
  });
});
