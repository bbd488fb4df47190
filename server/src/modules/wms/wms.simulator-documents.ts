import { orders, wms } from '@extranet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Deps } from '../../http/calls';
import { cancel, defineQueue, enqueue, finish, relock, runQueue } from '../../jobs/outbox';
import type { StorageDriver } from '../files/storage';
import { applyWmsDocument } from './wms.documents';
import { WmsRefusal } from './wms.refusal';

/** Text as a PDF string literal: printable ASCII, with its delimiters escaped. */
function pdfText(text: string): string {
  return `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A one-page PDF of a few lines of text: what the simulated warehouse prints as its papers. Written
 * out here (Helvetica, no images), since a paper of the demo needs nothing a PDF library adds.
 */
export function simplePdf(lines: readonly string[]): Buffer {
  const text = lines.map(
    (line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 22} Td ${pdfText(line)} Tj ET`,
  );
  const content = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A paper the simulated warehouse sends with the report that completes an order. */
const SimulatedDocument = z.object({
  event_id: z.string(),
  order: wms.WmsOrderRef,
  type: z.enum(orders.DOCUMENT_TYPES),
  name: z.string(),
  lines: z.array(z.string()),
});
type SimulatedDocument = z.infer<typeof SimulatedDocument>;

/** The simulator's papers, due with the report that completes their order. */
const simulatedPaperQueue = defineQueue({
  kind: 'wms-sim-paper',
  payload: SimulatedDocument,
  // Stored once per event id: a paper whose instance died is stored again or found stored.
  rerunAfterCrash: true,
});

/** A delivery note and a proof of delivery, named after the order. */
function simulatedDocuments(
  order: wms.WmsOrderMessage,
  idempotencyKey: string,
  day: string,
): SimulatedDocument[] {
  const code = order.external_code ?? `${order.kind}-${order.head_id}`;
  const goods = order.lines.map(
    (line) => `${line.sku}  ${line.name}  ${line.ordered_qty ?? ''} ${line.uom ?? ''}`,
  );
  const party = order.party?.name ?? '';
  return [
    {
      event_id: `sim:${idempotencyKey}:doc:delivery_note`,
      order: { kind: order.kind, head_id: order.head_id },
      type: 'delivery_note',
      name: `delivery-note-${code}.pdf`,
      lines: [`Delivery note ${code}`, `Date: ${day}`, `Party: ${party}`, ...goods],
    },
    {
      event_id: `sim:${idempotencyKey}:doc:pod`,
      order: { kind: order.kind, head_id: order.head_id },
      type: 'pod',
      name: `proof-of-delivery-${code}.pdf`,
      lines: [`Proof of delivery ${code}`, `Date: ${day}`, `Received by: ${order.delivery_name || party}`],
    },
  ];
}

/** Schedules the papers of an order the simulator took, due when it completes the order. */
export async function scheduleSimulatedPapers(
  db: Executor,
  options: { order: wms.WmsOrderMessage; idempotencyKey: string; day: string; delayMs: number },
): Promise<void> {
  await enqueue(
    db,
    simulatedPaperQueue,
    simulatedDocuments(options.order, options.idempotencyKey, options.day).map((document) => ({
      key: document.event_id,
      payload: document,
      delayMs: options.delayMs,
    })),
  );
}

const PAPER_BATCH = 20;

/**
 * Stores the simulator's due papers as POST /api/wms/documents would, each in one transaction with
 * its job's end. A paper whose order is not known, or was stored before, ends.
 */
export async function storeDueSimulatedPapers(options: {
  deps: Deps;
  storage: StorageDriver;
  log?: FastifyBaseLogger;
}): Promise<number> {
  const { deps, storage } = options;
  return runQueue(
    deps.db,
    simulatedPaperQueue,
    { limit: PAPER_BATCH, lockMs: 60_000, oneAtATime: true, log: options.log },
    async (job) => {
      const document = job.payload;
      let discard: (() => Promise<void>) | undefined;
      try {
        await deps.db.transaction(async (tx) => {
          if (!(await relock(tx, job))) return;
          const applied = await applyWmsDocument(tx, {
            deps,
            storage,
            meta: {
              event_id: document.event_id,
              order: document.order,
              type: document.type,
              name: document.name,
            },
            data: simplePdf(document.lines),
          });
          discard = applied.discard;
          await finish(tx, job.id);
        });
      } catch (error) {
        await discard?.();
        if (!(error instanceof WmsRefusal)) throw error;
        // Left locked otherwise: claimed again when the lock runs out.
        if (error.code === 'wms_event_duplicate') await finish(deps.db, job.id, 'stored before');
        else await cancel(deps.db, job.id, error.code);
      }
    },
  );
}
