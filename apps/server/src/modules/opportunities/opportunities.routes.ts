import { opportunityCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as opportunities from './opportunities.service.js';

// The opportunity calls, with the contact list and comments, taking a share back and
// the settings' Messages toggle (docs/decisions/opportunities.md).
export function registerOpportunityRoutes(call: CallRegistrar, deps: AppDeps): void {
  const c = opportunityCalls;
  call(c.list, ({ userId, body }) => opportunities.listOpportunities(deps, userId, body));
  call(c.get, ({ userId, body }) => opportunities.getOpportunity(deps, userId, body.opportunity_id));
  call(c.set, ({ userId, body }) => opportunities.createOpportunity(deps, userId, body));
  call(c.update, ({ userId, body }) => opportunities.updateOpportunity(deps, userId, body));
  call(c.delete, ({ userId, body }) => opportunities.deleteOpportunity(deps, userId, body.opportunity_id));
  call(c.contactList, ({ userId, body }) => opportunities.listContacts(deps, userId, body));
  call(c.contactSet, ({ userId, body }) => opportunities.createContact(deps, userId, body));
  call(c.contactGet, ({ userId, body }) => opportunities.getContact(deps, userId, body.contact_id));
  call(c.contactUpdate, ({ userId, body }) => opportunities.updateContact(deps, userId, body));
  call(c.contactDelete, ({ userId, body }) => opportunities.deleteContact(deps, userId, body));
  call(c.contactCommentList, ({ userId, body }) => opportunities.listContactComments(deps, userId, body));
  call(c.contactCommentSend, ({ userId, body }) => opportunities.sendContactComment(deps, userId, body));
  call(c.invite, ({ userId, body }) => opportunities.inviteToOpportunity(deps, userId, body));
  call(c.inviteAccept, ({ userId, body }) => opportunities.acceptInvite(deps, userId, body));
  call(c.userRemove, ({ userId, body }) => opportunities.removeOpportunityUser(deps, userId, body));
  call(c.settingsUpdate, ({ userId, body }) => opportunities.updateSettings(deps, userId, body));
}
