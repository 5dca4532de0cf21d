import { BUSINESS_USERS_EXPORT_PATH, businessCalls, businessUsersExportQuery } from '@leadcircle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { AuthGuard, CallRegistrar } from '../../http/call.js';
import { getBusinessByUser } from './business.service.js';
import * as businessUsers from './business-users.service.js';

export function registerBusinessRoutes(
  app: FastifyInstance,
  call: CallRegistrar,
  deps: AppDeps,
  authenticate: AuthGuard,
): void {
  call(businessCalls.getByUser, ({ userId, body }) => getBusinessByUser(deps, userId, body.user_id));
  call(businessCalls.getUsers, ({ userId, body }) => businessUsers.listBusinessUsers(deps, userId, body));
  call(businessCalls.inviteUser, ({ userId, body }) => businessUsers.inviteBusinessUser(deps, userId, body));
  call(businessCalls.updateUser, ({ userId, body }) => businessUsers.updateBusinessUser(deps, userId, body));
  call(businessCalls.removeUser, ({ userId, body }) => businessUsers.removeBusinessUser(deps, userId, body));
  call(businessCalls.getInvite, ({ body }) => businessUsers.getBusinessInvite(deps, body));
  call(businessCalls.acceptInvite, ({ body }) => businessUsers.acceptBusinessInvite(deps, body));

  app.withTypeProvider<ZodTypeProvider>().get(`/api${BUSINESS_USERS_EXPORT_PATH}`, {
    schema: {
      summary: "The business's users as a CSV file (ADMINs of the business)",
      tags: ['business'],
      querystring: businessUsersExportQuery,
      security: [{ bearerAuth: [] }],
    },
    onRequest: authenticate,
    handler: async (request, reply) => {
      const { filename, stream } = await businessUsers.exportBusinessUsers(deps, request.userId!, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
}
