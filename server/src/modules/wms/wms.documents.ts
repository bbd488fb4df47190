import { decode, wms } from '@extranet/contract';
import type { Executor } from '../../db/client';
import { orderDocuments } from '../../db/schema';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { addOrderSystemComment } from '../discussions/order-discussions';
import { storeReceivedFile } from '../files/files.service';
import type { StorageDriver } from '../files/storage';
import { findOrderDocument } from '../orders/orders.documents';
import { emitOrderEvent } from '../orders/orders.events';
import { malformedRefusal, rememberEvent, type SignedRequest, verifySignature } from './wms.inbound';
import { WmsRefusal } from './wms.refusal';
import { findLiveOrder } from './wms.repository';

/** The file rules of attachments, answered as the warehouse link's refusals. */
const FILE_REFUSALS = [
  'file_too_large',
  'file_type_not_accepted',
  'file_empty',
  'file_name_invalid',
] as const;

/**
 * Stores one document of the warehouse about an order, inside the caller's transaction, exactly
 * once per event id (remembered with the other events' ids): the file through the storage driver,
 * the document row, a system comment that notifies the company's users with the order kind's
 * permission, and the webhook event order.document_added. The file's bytes are removed again
 * when the transaction does not commit.
 */
export async function applyWmsDocument(
  tx: Executor,
  options: { deps: Deps; storage: StorageDriver; meta: wms.WmsDocumentMeta; data: Buffer },
): Promise<{ result: wms.WmsDocumentResponse; discard: () => Promise<void> }> {
  const { meta } = options;
  await rememberEvent(tx, meta.event_id);
  const { kind, head_id: headId } = meta.order;
  const head = await findLiveOrder(tx, kind, headId);
  if (!head) throw new WmsRefusal('wms_order_unknown', { order: meta.order });

  let stored: Awaited<ReturnType<typeof storeReceivedFile>>;
  try {
    stored = await storeReceivedFile(tx, {
      deps: options.deps,
      storage: options.storage,
      name: meta.name,
      data: options.data,
    });
  } catch (error) {
    if (error instanceof AppError && (FILE_REFUSALS as readonly string[]).includes(error.code)) {
      throw new WmsRefusal(error.code as (typeof FILE_REFUSALS)[number], error.details);
    }
    throw error;
  }
  try {
    const [row] = await tx
      .insert(orderDocuments)
      .values({
        kind,
        headId,
        fileId: stored.row.id,
        type: meta.type,
        name: stored.row.name,
        eventId: meta.event_id,
      })
      .returning({ id: orderDocuments.id });
    await addOrderSystemComment(tx, {
      kind,
      headId,
      dict: { code: 'order_document_added', type: meta.type, name: stored.row.name },
    });
    const document = (await findOrderDocument(tx, row!.id))!;
    await emitOrderEvent(tx, kind, headId, { type: 'order.document_added', document });
    return {
      result: { event_id: meta.event_id, applied: true, document_id: row!.id, file_code: stored.row.code },
      discard: stored.discard,
    };
  } catch (error) {
    await stored.discard();
    throw error;
  }
}

async function partText(part: ReturnType<FormData['get']>): Promise<string | undefined> {
  if (part === null) return undefined;
  return typeof part === 'string' ? part : part.text();
}

/** The parts of a multipart body: `meta` as JSON, `file` as bytes with its name. */
async function readDocumentParts(body: Buffer, contentType: string | undefined) {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType ?? '' } }).formData();
  } catch {
    throw new WmsRefusal('malformed_api_request', { reason: 'unreadable multipart body' });
  }
  const metaText = await partText(form.get('meta'));
  const file = form.get('file');
  if (metaText === undefined) throw new WmsRefusal('malformed_api_request', { reason: 'no meta part' });
  if (file === null || typeof file === 'string') {
    throw new WmsRefusal('malformed_api_request', { reason: 'no file part' });
  }
  let meta: wms.WmsDocumentMeta;
  try {
    meta = decode(wms.WmsDocumentMeta, JSON.parse(metaText));
  } catch (error) {
    throw malformedRefusal(error, 'meta is not JSON');
  }
  return { meta, data: Buffer.from(await file.arrayBuffer()) };
}

/**
 * POST /api/wms/documents: the signature over the raw multipart body first, then its parts, then
 * the document in one transaction.
 */
export async function receiveWmsDocument(
  deps: Deps,
  storage: StorageDriver,
  request: SignedRequest & { contentType?: string },
): Promise<wms.WmsDocumentResponse> {
  verifySignature(deps, request);
  const { meta, data } = await readDocumentParts(request.body, request.contentType);
  let discard: (() => Promise<void>) | undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      const applied = await applyWmsDocument(tx, { deps, storage, meta, data });
      discard = applied.discard;
      return applied.result;
    });
  } catch (error) {
    // The transaction did not commit (a document of the same event sent twice at once): its
    // bytes go too.
    await discard?.();
    throw error;
  }
}
