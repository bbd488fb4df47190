import type { Executor } from '../../db/client';
import { wmsEvents } from '../../db/schema';
import type { Deps } from '../../http/calls';
import { WmsRefusal } from './wms.refusal';
import { checkSignature } from './wms.signature';

// What every message the warehouse sends has in common, events and documents alike: the signature
// over the raw body checked before anything of it is read, the event id remembered once, and a
// body that does not parse answered as malformed_api_request with its first problems.

/** The signed parts of a request from the warehouse: its two headers and the raw body. */
export interface SignedRequest {
  timestamp?: string | string[];
  signature?: string | string[];
  body: Buffer;
}

/** Refuses a request unless the link is configured and the request is signed with its secret. */
export function verifySignature(deps: Pick<Deps, 'config'>, request: SignedRequest): void {
  const secret = deps.config.WMS_SECRET;
  if (!secret) throw new WmsRefusal('wms_not_configured');
  const check = checkSignature({ secret, ...request });
  if (check !== 'ok') throw new WmsRefusal(check);
}

/**
 * Remembers an event id inside the caller's transaction, so its message applies exactly once: a
 * replay is refused (wms_event_duplicate), and a refusal later in the transaction forgets it again.
 */
export async function rememberEvent(tx: Executor, eventId: string): Promise<void> {
  const fresh = await tx
    .insert(wmsEvents)
    .values({ id: eventId })
    .onConflictDoNothing()
    .returning({ id: wmsEvents.id });
  if (fresh.length === 0) throw new WmsRefusal('wms_event_duplicate', { event_id: eventId });
}

/** What JSON.parse or a schema threw, as the refusal naming the first problems. */
export function malformedRefusal(error: unknown, notJson: string): WmsRefusal {
  if (error instanceof WmsRefusal) return error;
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  return new WmsRefusal(
    'malformed_api_request',
    issues
      ? issues
          .slice(0, 10)
          .map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
      : notJson,
  );
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
