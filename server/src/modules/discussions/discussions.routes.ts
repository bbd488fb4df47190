import { discussions } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import {
  addCommentGeneral,
  addDiscussion,
  addOrderComment,
  getDiscussionGeneral,
  getOrderDiscussion,
  listComments,
  listCompanyUsers,
  listDiscussions,
} from './discussions.service';

export function registerDiscussionRoutes(app: FastifyInstance, deps: Deps) {
  for (const visibility of discussions.VISIBILITIES) {
    registerCall(app, deps, discussions.ADD_DISCUSSION[visibility], (input, { actor }) =>
      addDiscussion(deps, actor, visibility, input),
    );
    registerCall(app, deps, discussions.LIST_DISCUSSIONS[visibility], (input, { actor }) =>
      listDiscussions(deps, actor, visibility, input),
    );
  }
  registerCall(app, deps, discussions.getDiscussionGeneral, (input, { actor }) =>
    getDiscussionGeneral(deps, actor, input.discussion_id),
  );
  registerCall(app, deps, discussions.addCommentGeneral, (input, { actor }) =>
    addCommentGeneral(deps, actor, input),
  );
  registerCall(app, deps, discussions.getDiscussionPurch, (input, { actor }) =>
    getOrderDiscussion(deps, actor, 'purch', input.purch_head_id),
  );
  registerCall(app, deps, discussions.getDiscussionSales, (input, { actor }) =>
    getOrderDiscussion(deps, actor, 'sales', input.sales_head_id),
  );
  registerCall(app, deps, discussions.addCommentPurch, (input, { actor }) =>
    addOrderComment(deps, actor, { kind: 'purch', headId: input.purch_head_id, ...input }),
  );
  registerCall(app, deps, discussions.addCommentSales, (input, { actor }) =>
    addOrderComment(deps, actor, { kind: 'sales', headId: input.sales_head_id, ...input }),
  );
  registerCall(app, deps, discussions.listComments, (input, { actor }) => listComments(deps, actor, input));
  registerCall(app, deps, discussions.listUsers, (input, { actor }) => listCompanyUsers(deps, actor, input));
}
