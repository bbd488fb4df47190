import { views } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import * as service from './views.service';

export function registerViewRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, views.saveView, (input, { actor }) => service.saveView(deps, actor, input));
  registerCall(app, deps, views.listViews, (input, { actor }) => service.listViews(deps, actor, input));
  registerCall(app, deps, views.deleteView, (input, { actor }) => service.deleteView(deps, actor, input));
  registerCall(app, deps, views.pinView, (input, { actor }) => service.pinView(deps, actor, input));
  registerCall(app, deps, views.listPinnedViews, (_input, { actor, lang }) =>
    service.listPinnedViews(deps, actor, lang),
  );
}
