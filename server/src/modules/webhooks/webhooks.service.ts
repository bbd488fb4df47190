import { randomBytes } from 'node:crypto';
import { webhooks as contract } from '@extranet/contract';
import { assertCompanyPermitted } from '../../access/tenancy';
import { assertEventsPermitted } from '../../access/webhooks';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import { encryptSecret } from '../auth/second-factor';
import * as repository from './webhooks.repository';

function newSecret(): string {
  return `${contract.WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The server itself POSTs to the URL: see contract `webhookUrlProblem`. */
function assertUrlAllowed(deps: Deps, url: string) {
  const reason = contract.webhookUrlProblem(url, deps.config.WEBHOOK_ALLOWED_HOSTS);
  if (reason) throw new AppError('webhook_url_not_allowed', { reason, host: new URL(url).hostname });
}

async function loadEndpoint(deps: Deps, actor: Actor, endpointId: number, forUpdate = false) {
  const endpoint = await repository.findEndpoint(deps.db, actor, endpointId, forUpdate);
  if (!endpoint) throw new AppError('webhook_endpoint_not_found', { endpoint_id: endpointId });
  return endpoint;
}

export async function listEndpoints({
  deps,
  actor,
  query,
}: {
  deps: Deps;
  actor: Actor;
  query: contract.ListEndpointsRequest;
}) {
  const { rows, total } = await repository.listEndpoints(deps.db, actor, query);
  return toPage(rows, query, total);
}

export async function addEndpoint({
  deps,
  actor,
  input,
}: {
  deps: Deps;
  actor: Actor;
  input: contract.AddEndpointRequest;
}) {
  await assertCompanyPermitted(deps.db, actor, input.company_id);
  assertUrlAllowed(deps, input.url);
  const events = input.events ?? contract.permittedEventTypes(actor.permissions);
  assertEventsPermitted(actor, events);
  const secret = newSecret();
  const endpointId = await repository.insertEndpoint(deps.db, {
    companyId: input.company_id,
    url: input.url,
    events,
    secret: encryptSecret(deps.secretKey, secret),
    ownerId: actor.userId,
  });
  return { endpoint_id: endpointId, secret };
}

/**
 * Turning an endpoint on again forgets its failures: it gets a fresh day before any pause. Whoever
 * changes where an endpoint sends or what it sends takes it over: the events must all be theirs
 * to read, and from then on it delivers within their rights (docs/decisions.md, Webhooks within
 * the owner's rights).
 */
export async function editEndpoint({
  deps,
  actor,
  input,
}: {
  deps: Deps;
  actor: Actor;
  input: contract.EditEndpointRequest;
}) {
  if (input.url !== undefined) assertUrlAllowed(deps, input.url);
  const secret = input.rotate_secret ? newSecret() : undefined;
  await deps.db.transaction(async (tx) => {
    const endpoint = await repository.findEndpoint(tx, actor, input.endpoint_id, true);
    if (!endpoint) throw new AppError('webhook_endpoint_not_found', { endpoint_id: input.endpoint_id });
    const redirected = input.url !== undefined || input.events !== undefined;
    if (redirected) assertEventsPermitted(actor, input.events ?? endpoint.events);
    const turnedOn = input.active === true && !endpoint.active;
    await repository.updateEndpoint(tx, endpoint.id, {
      ...(redirected ? { ownerId: actor.userId } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.active === false ? { pausedAt: null } : {}),
      ...(turnedOn ? { pausedAt: null, failingSince: null } : {}),
      ...(secret ? { secret: encryptSecret(deps.secretKey, secret) } : {}),
    });
  });
  return secret ? { secret } : {};
}

export async function deleteEndpoint({
  deps,
  actor,
  endpointId,
}: {
  deps: Deps;
  actor: Actor;
  endpointId: number;
}) {
  await deps.db.transaction(async (tx) => {
    const endpoint = await repository.findEndpoint(tx, actor, endpointId, true);
    if (!endpoint) throw new AppError('webhook_endpoint_not_found', { endpoint_id: endpointId });
    await repository.deleteEndpoint(tx, endpoint.id);
  });
  return {};
}

export async function listDeliveries({
  deps,
  actor,
  query,
}: {
  deps: Deps;
  actor: Actor;
  query: contract.ListDeliveriesRequest;
}) {
  const endpoint = await loadEndpoint(deps, actor, query.endpoint_id);
  const { rows, total } = await repository.listDeliveries(
    deps.db,
    endpoint.id,
    query,
    contract.DELIVERY_LOG_DAYS,
  );
  return toPage(rows, query, total);
}

/**
 * "Send again": a new delivery of the same event to the same endpoint, queued after whatever is
 * still queued for its record there. Only to an endpoint that is on.
 */
export async function redeliver({
  deps,
  actor,
  deliveryId,
}: {
  deps: Deps;
  actor: Actor;
  deliveryId: number;
}) {
  const delivery = await repository.findDelivery(deps.db, actor, deliveryId);
  if (!delivery) throw new AppError('webhook_delivery_not_found', { delivery_id: deliveryId });
  if (!delivery.endpointActive)
    throw new AppError('webhook_endpoint_inactive', { endpoint_id: delivery.endpointId });
  const [id] = await deps.db.transaction((tx) =>
    repository.queueDeliveries(tx, [
      { endpointId: delivery.endpointId, eventId: delivery.eventId, recordKey: delivery.recordKey },
    ]),
  );
  return { delivery_id: id! };
}
