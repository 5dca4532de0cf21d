import type { ActivityItem } from '../api/activities.js';
import { activityDataKey } from '../api/activity-types.js';
import { OUTCOME_MESSAGES } from '../forms/outcome-terms.js';
import { ROUTES } from '../routes.js';

// One activity as a line: who did what, where, and where a click leads (the app's path).
// The feed, the inbox and the notification e-mails say it the same way.

const path = (route: string, params: Record<string, number>) =>
  Object.entries(params).reduce((p, [k, v]) => p.replace(`:${k}`, String(v)), route);

export function describeActivity(a: ActivityItem): { text: string; to: string | null } {
  const d = a.data[activityDataKey(a.type)] ?? { activityId: a.activityId };
  const who = d.userName || 'Someone';
  const group = d.groupName ?? 'a group';
  const opportunity = d.opportunityName ?? 'an opportunity';
  const groupTo = d.groupId ? path(ROUTES.groupLeads, { group_id: d.groupId }) : null;
  const leadTo = d.groupId && d.leadId ? path(ROUTES.groupLead, { group_id: d.groupId, lead_id: d.leadId }) : null;
  const opportunityTo = d.opportunityId
    ? path(ROUTES.opportunityInformation, { opportunity_id: d.opportunityId })
    : null;
  switch (a.type) {
    case 'NEW_LEAD':
      return {
        text: `${who} submitted the lead ${d.leadName ?? ''}${d.leadCompany ? ` (${d.leadCompany})` : ''} in ${group}${d.inYourTerritory ? ', in your territory' : ''}`,
        to: leadTo ?? groupTo,
      };
    case 'LEADS_IMPORTED':
      return {
        text: `${who} imported ${(d.leadCount ?? 0).toLocaleString('en-US')} ${d.leadCount === 1 ? 'lead' : 'leads'}`,
        to: groupTo,
      };
    case 'NEW_USER':
      return { text: `${d.newUserName ?? who} joined ${group}`, to: groupTo };
    case 'NEW_USER_ADDED':
      return {
        text: `${d.newUserName ?? who} joined ${group}, invited by ${d.invitedByName ?? 'a member'}`,
        to: groupTo,
      };
    case 'GROUP_INVITE':
      return { text: `${who} invited ${d.newUserName ?? 'someone'} to ${group}`, to: groupTo };
    case 'GROUP_REMOVE':
      return d.left
        ? { text: `${who} left ${group}`, to: groupTo }
        : { text: `${who} removed ${d.newUserName ?? 'a member'} from ${group}`, to: groupTo };
    case 'GROUP_DELETE':
      return { text: `${who} deleted ${group}`, to: null };
    case 'GROUP_CANCEL':
      return { text: `${who} cancelled ${group}`, to: groupTo };
    case 'OPPORTUNITY_NEW':
      return { text: `${who} created the opportunity ${opportunity}`, to: opportunityTo };
    case 'OPPORTUNITY_NEW_USER':
      return { text: `${d.newUserName ?? who} joined the opportunity ${opportunity}`, to: opportunityTo };
    case 'CHAT_MESSAGE_GROUP':
      return {
        text: `${who} wrote in ${group}`,
        to: d.groupId ? path(ROUTES.groupMessages, { group_id: d.groupId }) : null,
      };
    case 'CHAT_MESSAGE_LEAD':
      return {
        text: `${who} commented on the lead ${d.leadName ?? ''} in ${group}`,
        to: leadTo ?? groupTo,
      };
    case 'CHAT_MESSAGE_OPPORTUNITY':
      return {
        text: `${who} wrote in ${opportunity}`,
        to: d.opportunityId ? path(ROUTES.opportunityMessages, { opportunity_id: d.opportunityId }) : null,
      };
    case 'LEAD_RATED':
      return {
        text: `${who} rated your lead ${d.leadName ?? ''} ${d.rating ?? ''}★ in ${group}`.replace(/\s+/g, ' '),
        to: leadTo ?? groupTo,
      };
    case 'LEAD_WON':
      return {
        text: OUTCOME_MESSAGES.wonThanks(who, d.amountCents ?? 0, d.leadName ?? 'a lead'),
        to: leadTo ?? groupTo,
      };
    case 'LEAD_FOLLOW_UP':
      return { text: OUTCOME_MESSAGES.followUp(d.leadName ?? 'A lead', d.days ?? 0), to: leadTo ?? groupTo };
    case 'CHAT_MESSAGE_USER':
      return { text: `${who} sent you a message`, to: ROUTES.chatDirect };
    case 'CHAT_MESSAGE_BUSINESS':
      return { text: `${who} wrote to your business`, to: ROUTES.chatBusiness };
    default:
      return { text: `${who}: ${a.type.toLowerCase().replaceAll('_', ' ')}`, to: groupTo ?? opportunityTo };
  }
}
