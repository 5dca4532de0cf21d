import { groupCalls, LEAD_EXPORT_PATH, leadCalls, leadExportQuery, outcomeCalls } from '@leadcircle/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar, RawRoutes } from '../../http/call.js';
import * as stats from './lead-stats.service.js';
import * as leads from './leads.service.js';
import * as outcomes from './outcomes.service.js';

export function registerLeadRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(leadCalls.list, ({ userId, body }) => leads.listLeads(deps, userId, body));
  call(leadCalls.get, ({ userId, body }) => leads.getLead(deps, userId, body.lead_id));
  call(leadCalls.create, ({ userId, body }) => leads.createLead(deps, userId, body));
  call(leadCalls.update, ({ userId, body }) => leads.updateLead(deps, userId, body));
  call(leadCalls.delete, ({ userId, body }) => leads.deleteLead(deps, userId, body.lead_id));
  call(leadCalls.assign, ({ userId, body }) => leads.assignLead(deps, userId, body));
  call(groupCalls.stats, ({ userId, body }) => stats.groupStats(deps, userId, body));
  call(leadCalls.groupStats, ({ userId, body }) => stats.groupLeadStats(deps, userId, body));
  call(leadCalls.userStats, ({ userId, body }) => stats.userLeadStats(deps, userId, body));
  call(outcomeCalls.memberStats, ({ userId, body }) => stats.memberStats(deps, userId, body));
  call(outcomeCalls.record, ({ userId, body }) => outcomes.recordOutcome(deps, userId, body));
  call(outcomeCalls.list, ({ userId, body }) => outcomes.listOutcome(deps, userId, body.lead_id));
  call(outcomeCalls.confirm, ({ userId, body }) => outcomes.confirmOutcome(deps, userId, body.lead_id));
  call(outcomeCalls.duplicates, ({ userId, body }) => leads.findDuplicateLeads(deps, userId, body));
}

/** The CSV export: a GET, so the browser downloads it. */
export async function registerLeadRawRoutes({ app, authenticate }: RawRoutes, deps: AppDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(`/api${LEAD_EXPORT_PATH}`, {
    schema: {
      summary: "A group's leads as a CSV file (members of the group), with the list's search and filters",
      tags: ['lead'],
      querystring: leadExportQuery,
      security: [{ bearerAuth: [] }],
    },
    onRequest: authenticate,
    handler: async (request, reply) => {
      const { filename, stream } = await leads.exportLeads(deps, request.userId!, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
}
