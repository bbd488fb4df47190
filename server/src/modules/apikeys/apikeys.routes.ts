import { apikeys } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import * as service from './apikeys.service';

export function registerApiKeyRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, apikeys.listKeys, (input, { actor }) => service.listKeys(deps, actor, input));
  registerCall(app, deps, apikeys.addKey, (input, { actor }) => service.addKey(deps, actor, input));
  registerCall(app, deps, apikeys.revokeKey, (input, { actor }) =>
    service.revokeKey(deps, actor, input.key_id),
  );
}
