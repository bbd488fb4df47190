import { orders, wms } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, orderDocuments } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createOrderWorld, type OrderWorld } from '../../test/orders.factories';
import {
  createWmsWorld,
  insertCompleteDraft,
  systemTexts,
  testSimulator,
  WORKER,
} from '../../test/wms.factories';
import { processSendJobs } from './wms.sends';
import { signWms } from './wms.signature';
import { storeDueSimulatedPapers } from './wms.simulator-documents';

const SECRET = 'a-test-secret-of-some-length';
const PDF = Buffer.from('%PDF-1.4\n% a delivery note\n');

let app: TestApp;
let world: OrderWorld;
let other: OrderWorld;
let token: string;
let otherToken: string;

beforeAll(async () => {
  app = await createTestApp({ WMS_SECRET: SECRET, COMMENT_MAX_FILESIZE: 1024 });
  world = await createWmsWorld(app.deps.db);
  other = await createOrderWorld(app.deps.db);
  token = await loginAs(app, world.user);
  otherToken = await loginAs(app, other.user);
});

let sequence = 0;
const nextEventId = () => `doc-${++sequence}`;

/** A multipart body of `meta` and `file` parts, as the warehouse sends it. */
function multipart(meta: unknown, file: { name: string; data: Buffer } | null) {
  const boundary = `----wms${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n${
        typeof meta === 'string' ? meta : JSON.stringify(meta)
      }\r\n`,
    ),
  ];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function postDocument(
  meta: unknown,
  file: { name: string; data: Buffer } | null = { name: 'delivery-note.pdf', data: PDF },
  options: { signature?: string } = {},
) {
  const { body, contentType } = multipart(meta, file);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/wms/documents',
    payload: body,
    headers: {
      'content-type': contentType,
      [wms.WMS_TIMESTAMP_HEADER]: timestamp,
      [wms.WMS_SIGNATURE_HEADER]: options.signature ?? signWms(SECRET, timestamp, body),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

const metaOf = (headId: number, overrides: Record<string, unknown> = {}) => ({
  event_id: nextEventId(),
  order: { kind: 'sales', head_id: headId },
  type: 'delivery_note',
  name: 'Delivery note.pdf',
  ...overrides,
});

describe('documents from the warehouse', () => {
  it('stores a document once, lists it on the order and lets its readers download it', async () => {
    const headId = await insertCompleteDraft(app.deps.db, 'sales', world);
    const meta = metaOf(headId);
    const first = await postDocument(meta);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ event_id: meta.event_id, applied: true });

    const replay = await postDocument(meta);
    expect(replay.status).toBe(409);
    expect(replay.body.failure.code).toBe('wms_event_duplicate');
    const rows = await app.deps.db.select().from(orderDocuments).where(eq(orderDocuments.headId, headId));
    expect(rows).toHaveLength(1);

    const listed = await app.call(orders.sales.listDocuments, { head_id: headId }, token);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        document_id: first.body.document_id,
        type: 'delivery_note',
        name: 'Delivery note.pdf',
        size: PDF.length,
        file_code: first.body.file_code,
      }),
    ]);
    const download = await app.app.inject({
      method: 'GET',
      url: `/api/files/download?code=${first.body.file_code}`,
      headers: { authorization: `SessionCode ${token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');

    expect(await systemTexts(app.deps.db, 'sales', headId)).toContainEqual({
      code: 'order_document_added',
      type: 'delivery_note',
      name: 'Delivery note.pdf',
    });
    const bell = await app.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, world.user.id));
    expect(bell.length).toBeGreaterThan(0);
  });

  it("hides another company's documents: the order is missing and the file not found", async () => {
    const headId = await insertCompleteDraft(app.deps.db, 'sales', world);
    const posted = await postDocument(metaOf(headId, { type: 'pod', name: 'pod.pdf' }));
    expect(posted.status).toBe(200);
    const listed = await app.call(orders.sales.listDocuments, { head_id: headId }, otherToken);
    expect(listed.body.failure.code).toBe('order_not_found');
    const download = await app.app.inject({
      method: 'GET',
      url: `/api/files/download?code=${posted.body.file_code}`,
      headers: { authorization: `SessionCode ${otherToken}` },
    });
    expect(download.json().failure.code).toBe('file_not_found');
  });

  it('refuses a bad signature before reading the body', async () => {
    const headId = await insertCompleteDraft(app.deps.db, 'sales', world);
    const refused = await postDocument(metaOf(headId), undefined, { signature: 'sha256=00' });
    expect(refused.status).toBe(401);
    expect(refused.body.failure.code).toBe('wms_signature_invalid');
  });

  it('refuses an unknown order, a bad meta, a missing file, a refused type and a file too large', async () => {
    const headId = await insertCompleteDraft(app.deps.db, 'sales', world);
    const unknown = await postDocument(metaOf(headId, { order: { kind: 'purch', head_id: headId + 1000 } }));
    expect([unknown.status, unknown.body.failure.code]).toEqual([422, 'wms_order_unknown']);
    const badType = await postDocument(metaOf(headId, { type: 'letter' }));
    expect([badType.status, badType.body.failure.code]).toEqual([400, 'malformed_api_request']);
    const notJson = await postDocument('{not json');
    expect([notJson.status, notJson.body.failure.code]).toEqual([400, 'malformed_api_request']);
    const noFile = await postDocument(metaOf(headId), null);
    expect([noFile.status, noFile.body.failure.code]).toEqual([400, 'malformed_api_request']);
    const exe = await postDocument(metaOf(headId, { name: 'run.exe' }), { name: 'run.exe', data: PDF });
    expect([exe.status, exe.body.failure.code]).toEqual([415, 'file_type_not_accepted']);
    const large = await postDocument(metaOf(headId), { name: 'big.pdf', data: Buffer.alloc(2048, 1) });
    expect([large.status, large.body.failure.code]).toEqual([413, 'file_too_large']);
    const empty = await postDocument(metaOf(headId), { name: 'empty.pdf', data: Buffer.alloc(0) });
    expect([empty.status, empty.body.failure.code]).toEqual([400, 'file_empty']);
    // Nothing of the refused ones was kept, and their ids are not spent.
    const rows = await app.deps.db.select().from(orderDocuments).where(eq(orderDocuments.headId, headId));
    expect(rows).toEqual([]);
    const stored = await app.deps.db.select().from(files).where(eq(files.name, 'big.pdf'));
    expect(stored).toEqual([]);
  });

  it('gets a delivery note and a proof of delivery from the simulated warehouse', async () => {
    const headId = await insertCompleteDraft(app.deps.db, 'sales', world);
    const ready = await app.call(orders.sales.setReady, { head_id: headId }, token);
    expect(ready.body.failure).toBeUndefined();
    await processSendJobs(app.deps.db, testSimulator(app.deps.db), WORKER);
    expect(await storeDueSimulatedPapers({ deps: app.deps, storage: app.storage })).toBe(2);
    expect(await storeDueSimulatedPapers({ deps: app.deps, storage: app.storage })).toBe(0);
    const listed = await app.call(orders.sales.listDocuments, { head_id: headId }, token);
    expect(listed.body.items.map((item: { type: string }) => item.type).sort()).toEqual([
      'delivery_note',
      'pod',
    ]);
    const download = await app.app.inject({
      method: 'GET',
      url: `/api/files/download?code=${listed.body.items[0].file_code}`,
      headers: { authorization: `SessionCode ${token}` },
    });
    expect(download.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');
  });
});
