import { discussions, webhooks } from '@extranet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, purchHeads, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import {
  addEndpoint,
  app,
  base,
  clerkToken,
  db,
  deliverAll,
  deliveries,
  manager,
  other,
  otherManager,
  readyOrder,
  receiver,
  useWebhookContext,
  WMS_SECRET,
  world,
} from '../../test/webhooks.context';
import { insertCompleteDraft, postWmsEvent } from '../../test/wms.factories';
import { forgetOldEvents } from './webhooks.repository';
import { isValidWebhookSignature } from './webhooks.signature';

useWebhookContext();

describe('endpoints', () => {
  it('shows the secret once, at registration, and never in the list', async () => {
    const { endpoint_id, secret } = await addEndpoint(manager.token, world.company.id, '/hooks');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await app.call(webhooks.listEndpoints, { with_total: true }, manager.token);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      endpoint_id,
      url: `${base}/hooks`,
      status: 'active',
      company: { company_id: world.company.id },
      owner: { user_id: manager.id },
    });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const stored = await db().select({ secret: webhookEndpoints.secret }).from(webhookEndpoints);
    expect(stored[0]!.secret).not.toContain(secret.slice(6));
  });

  it('takes http only to the hosts the operator allows, and no private or local address', async () => {
    const refused = async (url: string) =>
      (
        await app.call(
          webhooks.addEndpoint,
          { company_id: world.company.id, url, events: ['stock.changed'] },
          manager.token,
        )
      ).body.failure;
    expect(await refused('http://example.com/hook')).toMatchObject({
      code: 'webhook_url_not_allowed',
      details: { reason: 'insecure_scheme' },
    });
    expect(await refused('http://127.0.0.2/hook')).toMatchObject({ details: { reason: 'insecure_scheme' } });
    expect(await refused('https://127.0.0.2/hook')).toMatchObject({ details: { reason: 'private_address' } });
    expect(await refused('https://10.1.2.3/hook')).toMatchObject({ details: { reason: 'private_address' } });
    expect(await refused('https://[::1]/hook')).toMatchObject({ details: { reason: 'private_address' } });
    expect(await refused('https://erp.internal/hook')).toMatchObject({ details: { reason: 'local_name' } });
    expect(await refused('https://user:pw@example.com/hook')).toMatchObject({
      details: { reason: 'credentials' },
    });
    expect(await refused('https://erp.example.com/hook')).toBeUndefined();
    expect(await refused(`${base}/allowed`)).toBeUndefined();
    const malformed = await app.call(
      webhooks.addEndpoint,
      { company_id: world.company.id, url: 'ftp://example.com/', events: ['stock.changed'] },
      manager.token,
    );
    expect(malformed.status).toBe(400);
    const noEvents = await app.call(
      webhooks.addEndpoint,
      { company_id: world.company.id, url: 'https://example.com/', events: [] },
      manager.token,
    );
    expect(noEvents.status).toBe(400);
    // The rule of the server's own sending, without the operator's list: not even loopback.
    expect(webhooks.webhookUrlProblem(`${base}/x`, [])).toBe('insecure_scheme');
    expect(webhooks.webhookUrlProblem(`${base}/x`, ['127.0.0.1:*'])).toBeNull();
  });

  it('is managed with umgr only', async () => {
    const response = await app.call(webhooks.listEndpoints, {}, clerkToken);
    expect(response.status).toBe(403);
  });

  it('gives a new secret on request; the old one no longer signs', async () => {
    const { endpoint_id, secret } = await addEndpoint(manager.token, world.company.id, '/rotate');
    const rotated = await app.call(
      webhooks.editEndpoint,
      { endpoint_id, rotate_secret: true },
      manager.token,
    );
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    await readyOrder();
    await deliverAll();
    const [request] = receiver.received;
    const check = (key: string) =>
      isValidWebhookSignature({
        secret: key,
        timestamp: request!.headers[webhooks.WEBHOOK_TIMESTAMP_HEADER] as string,
        signature: request!.headers[webhooks.WEBHOOK_SIGNATURE_HEADER] as string,
        body: request!.raw,
      });
    expect(check(rotated.body.secret)).toBe(true);
    expect(check(secret)).toBe(false);
  });
});

describe('events', () => {
  it("go only to the endpoints of the record's company", async () => {
    const mine = await addEndpoint(manager.token, world.company.id, '/mine');
    const theirs = await addEndpoint(otherManager.token, other.company.id, '/theirs');
    await readyOrder();
    await deliverAll();
    expect(receiver.received.map((request) => request.path)).toEqual(['/mine']);
    expect(receiver.received[0]!.body.company_id).toBe(world.company.id);

    // Nor can the other company's manager see or touch this company's endpoint or its log.
    const list = await app.call(webhooks.listEndpoints, {}, otherManager.token);
    expect(list.body.items.map((item: any) => item.endpoint_id)).toEqual([theirs.endpoint_id]);
    const filtered = await app.call(
      webhooks.listEndpoints,
      { filters: { company_id: world.company.id } },
      otherManager.token,
    );
    expect(filtered.body.items).toEqual([]);
    for (const [call, body] of [
      [webhooks.listDeliveries, { endpoint_id: mine.endpoint_id }],
      [webhooks.editEndpoint, { endpoint_id: mine.endpoint_id, active: false }],
      [webhooks.deleteEndpoint, { endpoint_id: mine.endpoint_id }],
    ] as const) {
      const response = await app.call(call, body, otherManager.token);
      expect(response.body.failure).toMatchObject({ code: 'webhook_endpoint_not_found' });
    }
    const [delivery] = await deliveries(manager.token, mine.endpoint_id);
    const redelivered = await app.call(
      webhooks.redeliver,
      { delivery_id: delivery.delivery_id },
      otherManager.token,
    );
    expect(redelivered.body.failure).toMatchObject({ code: 'webhook_delivery_not_found' });
    const added = await app.call(
      webhooks.addEndpoint,
      { company_id: world.company.id, url: 'https://example.com/', events: ['stock.changed'] },
      otherManager.token,
    );
    expect(added.body.failure).toMatchObject({ code: 'company_not_permitted' });
  });

  it('follow what each endpoint chose', async () => {
    await addEndpoint(manager.token, world.company.id, '/stock-only', ['stock.changed']);
    await readyOrder();
    await deliverAll();
    expect(receiver.received).toEqual([]);
  });

  it("come from the warehouse's reports: status, quantities and stock, in the change's order", async () => {
    await addEndpoint(manager.token, world.company.id, '/warehouse');
    const headId = await insertCompleteDraft(db(), 'purch', world, [{ skuIndex: 0, qty: '5.000' }]);
    await db().update(purchHeads).set({ progress: 'sent' }).where(eq(purchHeads.id, headId));
    const sku = world.skus[0]!.externalCode;
    const applied = await postWmsEvent(app, WMS_SECRET, {
      event_id: `wh-${headId}`,
      order: { kind: 'purch', head_id: headId },
      status: { code: 'DONE', desc: 'Received' },
      lines: [{ sku, qty: { $decimal: '4.000' } }],
      stock: { movements: [{ sku, qty: { $decimal: '4.000' }, uom: 'pcs' }] },
    });
    expect(applied.status).toBe(200);
    await deliverAll();
    const types = receiver.received.map((request) => request.body.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'order.progress_changed',
        'order.status_changed',
        'order.quantities_reported',
        'stock.changed',
      ]),
    );
    const byType = (type: string) =>
      receiver.received.find((request) => request.body.type === type)!.body.data;
    expect(byType('order.status_changed')).toMatchObject({
      change: { old: { code: null }, new: { code: 'DONE', desc: 'Received' } },
      order: { head_id: headId, status: { code: 'DONE' } },
    });
    expect(byType('order.quantities_reported')).toMatchObject({
      skus: [sku],
      order: { lines: [{ received_qty: { $decimal: '4.000' } }] },
    });
    expect(byType('stock.changed')).toMatchObject({
      sku: { sku_id: world.skus[0]!.id, external_code: sku },
      rows: [{ qty: { $decimal: '4.000' }, uom: { name: 'pcs' } }],
      more: false,
    });
    // One order's events arrive in the order they happened: sync before the status it reports.
    const orderEvents = receiver.received
      .filter((request) => request.body.type.startsWith('order.'))
      .map((request) => request.body.type);
    expect(orderEvents).toEqual([
      'order.progress_changed',
      'order.status_changed',
      'order.quantities_reported',
    ]);

    // A refused report changes nothing and tells nothing.
    receiver.received = [];
    const refused = await postWmsEvent(app, WMS_SECRET, {
      event_id: `wh-${headId}-bad`,
      order: { kind: 'purch', head_id: headId },
      status: { code: 'XX', desc: 'Other' },
      lines: [{ sku: 'NO-SUCH-SKU', qty: { $decimal: '1.000' } }],
    });
    expect(refused.status).toBe(422);
    await deliverAll();
    expect(receiver.received).toEqual([]);
  });

  it("tell of comments in the company's broadcasts and orders, never in private discussions", async () => {
    await addEndpoint(manager.token, world.company.id, '/comments', ['discussion.comment_added']);
    const broadcast = await app.call(
      discussions.addDiscussionBroadcast,
      { company_id: world.company.id, name: 'News', text: 'Hello everyone', users: [], files: [] },
      manager.token,
    );
    expect(broadcast.body.failure).toBeUndefined();
    const secret = await app.call(
      discussions.addDiscussionPrivate,
      { company_id: world.company.id, name: 'Between us', text: 'Private words', users: [], files: [] },
      manager.token,
    );
    expect(secret.body.failure).toBeUndefined();
    const headId = await insertCompleteDraft(db(), 'purch', world);
    const onOrder = await app.call(
      discussions.addCommentPurch,
      { purch_head_id: headId, text: 'About the order' },
      clerkToken,
    );
    expect(onOrder.body.failure).toBeUndefined();
    await deliverAll();
    // Two records (two discussions) go side by side: in either order.
    expect(receiver.received.map((request) => request.body.data.comment.text).sort()).toEqual([
      'About the order',
      'Hello everyone',
    ]);
    const onOrderEvent = receiver.received.find(
      (request) => request.body.data.comment.text === 'About the order',
    );
    expect(onOrderEvent!.body.data).toMatchObject({
      discussion: { visibility: 'order', order: { kind: 'purch', head_id: headId } },
      comment: { is_dict: false, user: { user_id: world.user.id } },
    });
  });
});

describe('the delivery log', () => {
  it('keeps 30 days: older events, their deliveries and their ended jobs are forgotten', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/kept');
    await readyOrder();
    await readyOrder();
    await deliverAll();
    const [old, recent] = await db()
      .select({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint_id))
      .orderBy(webhookDeliveries.id);
    await db()
      .update(webhookEvents)
      .set({ creationDate: sql`now() - interval '31 days'` })
      .where(eq(webhookEvents.id, old!.eventId));
    await db()
      .update(webhookDeliveries)
      .set({ creationDate: sql`now() - interval '31 days'` })
      .where(eq(webhookDeliveries.id, old!.id));
    await db()
      .update(jobs)
      .set({ doneAt: sql`now() - interval '31 days'` })
      .where(and(eq(jobs.kind, 'webhook-delivery'), eq(jobs.key, String(old!.id))));
    expect((await deliveries(manager.token, endpoint_id)).map((row) => row.delivery_id)).toEqual([
      recent!.id,
    ]);

    await forgetOldEvents(db(), webhooks.DELIVERY_LOG_DAYS);
    const left = await db().select({ id: webhookDeliveries.id }).from(webhookDeliveries);
    expect(left.map((row) => row.id)).toContain(recent!.id);
    expect(left.map((row) => row.id)).not.toContain(old!.id);
    const oldJob = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook-delivery'), eq(jobs.key, String(old!.id))));
    expect(oldJob).toEqual([]);
    const recentJob = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook-delivery'), eq(jobs.key, String(recent!.id))));
    expect(recentJob).toHaveLength(1);
  });
});
