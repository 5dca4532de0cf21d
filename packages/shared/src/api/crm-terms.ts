import type { LeadOutcomeStage } from '../forms/outcome-terms.js';

// The CRM connection's terms without zod, for the web app's pages: the providers, their names, the
// states of a connection and of a lead sent to it, the default status mapping and the page's texts.

export const CRM_PROVIDERS = ['SALESFORCE', 'HUBSPOT'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];
export const CRM_PROVIDER_NAMES: Record<CrmProvider, string> = { SALESFORCE: 'Salesforce', HUBSPOT: 'HubSpot' };
/** The provider as the sign-in callback's route names it (ROUTES.adminCrmCallback's :provider). */
export const CRM_CALLBACK_SLUGS: Record<CrmProvider, string> = { SALESFORCE: 'salesforce', HUBSPOT: 'hubspot' };

/** RECONNECT_NEEDED: the CRM refused the stored authorisation; pushes wait until an admin connects again. */
export const CRM_CONNECTION_STATUSES = ['CONNECTED', 'RECONNECT_NEEDED'] as const;

/** A lead's push: SENDING (queued or running), SENT, FAILED (the CRM's refusal), WAITING (reconnect needed). */
export const CRM_PUSH_STATES = ['SENDING', 'SENT', 'FAILED', 'WAITING'] as const;
export type CrmPushState = (typeof CRM_PUSH_STATES)[number];

/** A CRM status (lead status, opportunity stage, lifecycle stage) and the outcome step it means. */
export type CrmStatusMapping = Record<string, LeadOutcomeStage>;
export const CRM_STATUS_KEY_MAX = 100;
export const CRM_MAPPING_MAX = 50;

// Salesforce's standard Lead statuses and opportunity stages; HubSpot's lead statuses and lifecycle stages.
export const CRM_DEFAULT_MAPPINGS: Record<CrmProvider, CrmStatusMapping> = {
  SALESFORCE: {
    'Working - Contacted': 'CONTACTED',
    'Closed - Not Converted': 'LOST',
    'Closed - Converted': 'MEETING',
    Qualification: 'MEETING',
    'Needs Analysis': 'MEETING',
    'Proposal/Price Quote': 'PROPOSAL',
    'Negotiation/Review': 'PROPOSAL',
    'Closed Won': 'WON',
    'Closed Lost': 'LOST',
  },
  HUBSPOT: {
    ATTEMPTED_TO_CONTACT: 'CONTACTED',
    CONNECTED: 'CONTACTED',
    IN_PROGRESS: 'MEETING',
    OPEN_DEAL: 'PROPOSAL',
    UNQUALIFIED: 'LOST',
    BAD_TIMING: 'LOST',
    opportunity: 'PROPOSAL',
    customer: 'WON',
  },
};

export const CRM_TEXTS = {
  send: (provider: CrmProvider) => `SEND TO ${CRM_PROVIDER_NAMES[provider].toUpperCase()}`,
  sendAgain: (provider: CrmProvider) => `SEND TO ${CRM_PROVIDER_NAMES[provider].toUpperCase()} AGAIN`,
  sending: 'Sending…',
  inCrm: (provider: CrmProvider) => `In ${CRM_PROVIDER_NAMES[provider]}`,
  waiting: (provider: CrmProvider) =>
    `Waiting: an admin of your business must reconnect ${CRM_PROVIDER_NAMES[provider]}.`,
  reconnect: (provider: CrmProvider) => `Reconnect ${CRM_PROVIDER_NAMES[provider]}`,
  connect: (provider: CrmProvider) => `CONNECT ${CRM_PROVIDER_NAMES[provider].toUpperCase()}`,
  fromCrm: (provider: CrmProvider) => `from ${CRM_PROVIDER_NAMES[provider]}`,
  autoSend: 'Send every lead my members take',
  disconnect: 'DISCONNECT',
  syncNow: 'SYNC NOW',
  connectedAs: 'Connected as',
  lastWorked: 'Last worked',
  never: 'Not yet',
  mappingTitle: 'CRM status → outcome step',
  externalIdLabel: 'External ID field',
  externalIdHelp:
    'Optional. The API name of a custom Lead field in Salesforce (such as LeadCircle_Id__c) that holds the LeadCircle lead id: a lead not sent before updates the record with its id instead of creating another. Leave empty to match records by their Salesforce id only.',
  externalIdSave: 'SAVE FIELD',
  externalIdSaved: 'The external ID field is saved.',
  tokenLabel: 'Private app access token',
  tokenConnect: 'CONNECT WITH TOKEN',
  connecting: 'Connecting…',
  syncDone: (checked: number, recorded: number) =>
    `Checked ${checked} record${checked === 1 ? '' : 's'}; ${recorded} new step${recorded === 1 ? '' : 's'}.`,
} as const;
