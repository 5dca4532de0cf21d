import { BUSINESS_USERS_EXPORT_PATH, businessCalls, businessUsersExportQuery } from '@leadcircle/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar, RawRoutes } from '../../http/call.js';
import * as businessUsers from './business-users.service.js';

// A business's users, their invitations and seats: the calls of its admins (and the invitee's acceptance).
export function registerBusinessUserRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(businessCalls.getUsers, ({ userId, body }) => businessUsers.listBusinessUsers(deps, userId, body));
  call(businessCalls.inviteUser, ({ userId, body }) => businessUsers.inviteBusinessUser(deps, userId, body));
  call(businessCalls.updateUser, ({ userId, body }) => businessUsers.updateBusinessUser(deps, userId, body));
  call(businessCalls.removeUser, ({ userId, body }) => businessUsers.removeBusinessUser(deps, userId, body));
  call(businessCalls.getInvite, ({ body }) => businessUsers.getBusinessInvite(deps, body));
  call(businessCalls.acceptInvite, ({ body }) => businessUsers.acceptBusinessInvite(deps, body));
}

/** The users' CSV export (a file). */
export function registerBusinessUserRawRoutes({ app, authenticate }: RawRoutes, deps: AppDeps): void {
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
