import { discussions, notifications, orders, webhooks } from '@extranet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import {
  addEndpoint,
  app,
  base,
  clerkToken,
  counted,
  db,
  deliverAll,
  deliveries,
  makeDue,
  manager,
  options,
  readyOrder,
  receiver,
  useWebhookContext,
  world,
} from '../../test/webhooks.context';
import { insertCompleteDraft } from '../../test/wms.factories';
import { processWebhookDeliveries } from './webhooks.delivery';
import { isValidWebhookSignature } from './webhooks.signature';

useWebhookContext();

describe('deliveries', () => {
  it('POSTs the event signed with the secret over timestamp and body, and logs it', async () => {
    const { endpoint_id, secret } = await addEndpoint(manager.token, world.company.id, '/signed');
    const headId = await readyOrder();
    await deliverAll();

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const timestamp = request!.headers[webhooks.WEBHOOK_TIMESTAMP_HEADER] as string;
    const signature = request!.headers[webhooks.WEBHOOK_SIGNATURE_HEADER] as string;
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(600);
    expect(isValidWebhookSignature({ secret, timestamp, signature, body: request!.raw })).toBe(true);
    expect(isValidWebhookSignature({ secret, timestamp, signature, body: `${request!.raw} ` })).toBe(false);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers[webhooks.WEBHOOK_EVENT_ID_HEADER]).toBe(request!.body.event_id);
    expect(request!.body).toMatchObject({
      type: 'order.progress_changed',
      time: { $datetime: expect.any(String) },
      company_id: world.company.id,
      data: {
        kind: 'purch',
        change: { old: 'draft', new: 'ready' },
        order: {
          head_id: headId,
          purch_head_id: headId,
          progress: 'ready',
          lines: [
            { ordered_qty: { $decimal: '10.000' }, sku: { external_code: world.skus[0]!.externalCode } },
          ],
        },
      },
    });
    expect(request!.body.data.order).not.toHaveProperty('can_update');
    expect(request!.body.data.order).not.toHaveProperty('problems');

    const [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({
      event_id: request!.body.event_id,
      type: 'order.progress_changed',
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      error: null,
    });
    expect(logged.duration_ms).toEqual(expect.any(Number));
  });

  it('retries a 500 and a timeout with growing waits, then delivers', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/flaky');
    let calls = 0;
    receiver.status = () => {
      calls++;
      return calls === 1 ? 500 : calls === 2 ? null : 204;
    };
    await readyOrder();
    const waitOf = async () => {
      const [job] = await db()
        .select({ wait: sql<number>`extract(epoch from ${jobs.runAt} - now())` })
        .from(jobs)
        .where(and(eq(jobs.kind, 'webhook-delivery'), isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
      return Number(job!.wait);
    };

    await deliverAll();
    let [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, response_code: 500, error: 'HTTP 500' });
    const firstWait = await waitOf();
    expect(firstWait).toBeGreaterThan(9);

    await makeDue();
    await deliverAll();
    [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 2, response_code: null });
    expect(logged.error).toMatch(/no answer within 300 ms/);
    expect(await waitOf()).toBeGreaterThan(19);

    await makeDue();
    await deliverAll();
    [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 3, response_code: 204 });
    expect(receiver.received.map((request) => request.body.event_id)).toEqual([
      logged.event_id,
      logged.event_id,
      logged.event_id,
    ]);
    expect(counted).toEqual(['retry', 'retry', 'delivered']);
  });

  it('gives a delivery up once it has been retried for a day', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/down');
    receiver.status = () => 503;
    await readyOrder();
    await deliverAll();
    await db()
      .update(webhookDeliveries)
      .set({ creationDate: sql`now() - interval '25 hours'` })
      .where(eq(webhookDeliveries.endpointId, endpoint_id));
    await makeDue();
    await deliverAll();
    const [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'failed', attempts: 2, response_code: 503 });
    expect(counted).toEqual(['retry', 'failed']);
    const live = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook-delivery'), isNull(jobs.doneAt), isNull(jobs.cancelledAt)));
    expect(live).toHaveLength(0);
  });

  it('delivers the events of one record in order: a later one waits for the earlier one', async () => {
    await addEndpoint(manager.token, world.company.id, '/ordered');
    let failedOnce = false;
    const headId = await insertCompleteDraft(db(), 'purch', world);
    receiver.status = (request) => {
      const first = request.body.data.order.head_id === headId && request.body.data.change.new === 'ready';
      if (!first || failedOnce) return 200;
      failedOnce = true;
      return 500;
    };
    const ready = await app.call(orders.purch.setReady, { head_id: headId }, clerkToken);
    expect(ready.body.failure).toBeUndefined();
    const back = await app.call(orders.purch.setDraft, { head_id: headId }, clerkToken);
    expect(back.body.failure).toBeUndefined();
    const otherOrder = await readyOrder();

    const changesOf = (id: number) =>
      receiver.received
        .filter((request) => request.body.data.order.head_id === id)
        .map((request) => request.body.data.change.new);
    await deliverAll();
    // The first event of the order failed; its second waits, the other order's goes.
    expect(changesOf(headId)).toEqual(['ready']);
    expect(changesOf(otherOrder)).toEqual(['ready']);

    await makeDue();
    await deliverAll();
    expect(changesOf(headId)).toEqual(['ready', 'ready', 'draft']);
  });

  it('checks the address again when sending: a host the operator no longer allows is not reached', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/unlisted');
    await readyOrder();
    await processWebhookDeliveries(db(), { ...options, allowedHosts: [] });
    expect(receiver.received).toEqual([]);
    const [logged] = await deliveries(manager.token, endpoint_id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, response_code: null });
    expect(logged.error).toBe('address not allowed: insecure_scheme');
  });

  it('sends a delivered event again on request, with the same event id', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/again');
    await readyOrder();
    await deliverAll();
    const [first] = await deliveries(manager.token, endpoint_id);
    const again = await app.call(webhooks.redeliver, { delivery_id: first.delivery_id }, manager.token);
    expect(again.body.failure).toBeUndefined();
    await deliverAll();
    const log = await deliveries(manager.token, endpoint_id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ delivery_id: again.body.delivery_id, status: 'delivered' });
    expect(receiver.received.map((request) => request.body.event_id)).toEqual([
      first.event_id,
      first.event_id,
    ]);
  });

  it('pauses an endpoint failing for a day, gives up what it had queued and tells its owner', async () => {
    const { endpoint_id } = await addEndpoint(manager.token, world.company.id, '/broken');
    receiver.status = () => 500;
    await readyOrder();
    await readyOrder();
    await deliverAll();
    const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint_id));
    expect(endpoint!.failingSince).not.toBeNull();

    // A day of failures passes: its first failure is now 25 hours old, its retries due.
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '25 hours'` })
      .where(eq(webhookEndpoints.id, endpoint_id));
    await makeDue();
    await deliverAll();

    const list = await app.call(webhooks.listEndpoints, {}, manager.token);
    expect(list.body.items[0]).toMatchObject({ endpoint_id, status: 'paused' });
    expect(list.body.items[0].paused_at).not.toBeNull();
    const log = await deliveries(manager.token, endpoint_id);
    expect(log.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);

    const told = await app.call(notifications.listNotifications, {}, manager.token);
    expect(told.body.items[0]).toMatchObject({
      ntfy_type: 'prvt',
      is_dict: true,
      text: { code: 'webhook_endpoint_paused', url: `${base}/broken` },
    });
    const thread = await app.call(
      discussions.getDiscussionGeneral,
      { discussion_id: told.body.items[0].discussion.discussion_id },
      manager.token,
    );
    expect(thread.body).toMatchObject({ visibility: 'private', company_id: world.company.id });
    const notToOthers = await app.call(notifications.listNotifications, {}, clerkToken);
    expect(notToOthers.body.items.some((item: any) => item.text?.code === 'webhook_endpoint_paused')).toBe(
      false,
    );

    // Paused: new events are not delivered to it, nor sent again.
    const before = receiver.received.length;
    await readyOrder();
    await deliverAll();
    expect(receiver.received).toHaveLength(before);
    const again = await app.call(webhooks.redeliver, { delivery_id: log[0].delivery_id }, manager.token);
    expect(again.body.failure).toMatchObject({ code: 'webhook_endpoint_inactive' });

    // Turned on again, it gets the next events and a fresh day.
    const on = await app.call(webhooks.editEndpoint, { endpoint_id, active: true }, manager.token);
    expect(on.body.failure).toBeUndefined();
    receiver.status = () => 200;
    await readyOrder();
    await deliverAll();
    expect(receiver.received).toHaveLength(before + 1);
    const after = await app.call(webhooks.listEndpoints, {}, manager.token);
    expect(after.body.items[0]).toMatchObject({ status: 'active', failing_since: null, paused_at: null });
  });
});
