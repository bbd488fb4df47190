import { orders } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purchHeads, salesHeads } from '../../db/schema';
import { loginAs } from '../../test/app';
import { app, systemComments, token, useOrderContext, world } from '../../test/orders.context';
import { createOrderWorld, insertOrder } from '../../test/orders.factories';
import { moveProgress } from './orders.repository';

useOrderContext();

describe('failures', () => {
  it('puts a refused order back to draft to be fixed, keeping the reason until it is sent again', async () => {
    const headId = await insertOrder(app.deps.db, 'purch', {
      consigneeId: world.consignee.id,
      progress: 'failure',
      failureReason: 'No dock slot is free on the delivery date',
    });
    const refused = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(refused.body).toMatchObject({ can_unready: true, can_update: false });
    expect((await app.call(orders.purch.setDraft, { head_id: headId }, token)).body).toEqual({
      head_id: headId,
    });
    const draft = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(draft.body).toMatchObject({
      progress: 'draft',
      can_update: true,
      can_unready: false,
      failure_reason: 'No dock slot is free on the delivery date',
    });
    expect((await systemComments('purch', headId)).map((c) => c.dict)).toEqual([
      { code: 'order_progress_changed', old: 'failure', new: 'draft' },
    ]);
    const twice = await app.call(orders.purch.setDraft, { head_id: headId }, token);
    expect(twice.body.failure.code).toBe('order_unready_denied');
    // Fixed and set ready again, the old reason is gone.
    await app.deps.db.transaction(async (tx) => {
      await moveProgress(tx, 'purch', headId, 'draft', 'ready');
    });
    const ready = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(ready.body).toMatchObject({ progress: 'ready', failure_reason: null });
  });

  it('resets one failed order to ready with a system comment', async () => {
    const headId = await insertOrder(app.deps.db, 'purch', {
      consigneeId: world.consignee.id,
      progress: 'failure',
      failureReason: 'Unknown SKU',
    });
    const view = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(view.body).toMatchObject({
      progress: 'failure',
      failure_reason: 'Unknown SKU',
      can_update: false,
    });
    expect((await app.call(orders.purch.resetFailure, { head_id: headId }, token)).body).toEqual({
      head_id: headId,
    });
    const reset = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(reset.body).toMatchObject({ progress: 'ready', failure_reason: null });
    expect((await systemComments('purch', headId)).map((c) => c.dict)).toEqual([
      { code: 'order_progress_changed', old: 'failure', new: 'ready' },
    ]);
    const again = await app.call(orders.purch.resetFailure, { head_id: headId }, token);
    expect(again.body.failure.code).toBe('order_ready_denied');
  });

  it('resets every failed order of the kind the user can see, and only those', async () => {
    const w = await createOrderWorld(app.deps.db);
    const other = await createOrderWorld(app.deps.db);
    const session = await loginAs(app, w.user);
    const mine = [
      await insertOrder(app.deps.db, 'sales', { consigneeId: w.consignee.id, progress: 'failure' }),
      await insertOrder(app.deps.db, 'sales', { consigneeId: w.consignee.id, progress: 'failure' }),
    ];
    const theirs = await insertOrder(app.deps.db, 'sales', {
      consigneeId: other.consignee.id,
      progress: 'failure',
    });
    const purch = await insertOrder(app.deps.db, 'purch', {
      consigneeId: w.consignee.id,
      progress: 'failure',
    });
    const response = await app.call(orders.sales.resetAllFailures, {}, session);
    expect(response.body).toEqual({ count: 2 });
    const progress = async (table: typeof salesHeads | typeof purchHeads, id: number) =>
      (await app.deps.db.select({ p: table.progress }).from(table).where(eq(table.id, id)))[0]!.p;
    expect(await progress(salesHeads, mine[0]!)).toBe('ready');
    expect(await progress(salesHeads, mine[1]!)).toBe('ready');
    expect(await progress(salesHeads, theirs)).toBe('failure');
    expect(await progress(purchHeads, purch)).toBe('failure');
  });
});
