import { auth } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import { findTableColumns, saveTableColumns } from './table-columns.repository';

/** Each user's own choice of columns: only ever their own, so no other check is needed. */
export function registerTableColumnRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, auth.getTableColumns, async (_input, { actor }) => ({
    items: await findTableColumns(deps.db, actor.userId),
  }));
  registerCall(app, deps, auth.setTableColumns, async (input, { actor }) => {
    await saveTableColumns(deps.db, actor.userId, input.table, input.columns);
    return {};
  });
}
