import { sku } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import * as service from './sku.service';

export function registerSkuRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, sku.listSku, (input, { actor }) => service.listSku(deps, actor, input));
  registerCall(app, deps, sku.listEan, (input, { actor }) => service.listEan(deps, actor, input));
  registerCall(app, deps, sku.saveSku, (input, { actor }) => service.saveSku(deps, actor, input));
}
