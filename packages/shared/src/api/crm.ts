import { z } from 'zod';
import { LEAD_OUTCOME_STAGES } from '../forms/outcome-terms.js';
import { isHttpUrl, text } from '../text.js';
import { defineCall, emptyRequest, idField } from './call.js';
import { crmCallPaths } from './call-paths.js';
import {
  CRM_CONNECTION_STATUSES,
  CRM_MAPPING_MAX,
  CRM_PROVIDERS,
  CRM_PUSH_STATES,
  CRM_STATUS_KEY_MAX,
} from './crm-terms.js';

export const crmCheckResponse = z.object({ integrationExists: z.boolean() });

export const CRM_URL_MESSAGE = 'Enter the https:// address of your CRM, such as https://login.salesforce.com.';

// The public CRM connection test: a Salesforce username-password login.
const requiredText = (name: string, max: number) =>
  text({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`);
export const crmTestRequest = z.strictObject({
  // An http(s) address; the server refuses anything but https in production, and private addresses.
  url: requiredText('URL', 500).refine(isHttpUrl, CRM_URL_MESSAGE),
  username: requiredText('Username', 200),
  password: text({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
  // Salesforce appends it to the password; empty when the caller's IP is trusted by the org.
  securityToken: text().max(200, 'Security token is too long').default(''),
});
// A negative result says why (CRM_TEST_REASONS): refused credentials, or an address that cannot be reached.
export const crmTestResponse = z.object({ success: z.boolean(), reason: z.string().optional() });
export type CrmTestResult = z.infer<typeof crmTestResponse>;

// The business's CRM connection: an admin connects Salesforce or HubSpot, members send leads to it
// and what becomes of them there comes back as outcome steps. Every call but the lead's needs an ADMIN of a
// business (403 BUSINESS_ADMIN_ONLY); tokens are never answered.

const providerField = z.enum(CRM_PROVIDERS, { error: 'Choose Salesforce or HubSpot' });
const stageField = z.enum(LEAD_OUTCOME_STAGES, { error: 'Choose an outcome step' });

export const crmConnection = z.object({
  provider: z.enum(CRM_PROVIDERS),
  // Who the connection acts as in the CRM (user name, portal), as the CRM names it.
  accountName: z.string(),
  status: z.enum(CRM_CONNECTION_STATUSES),
  // The last call the CRM answered; null before the first.
  lastWorkedAt: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  autoSend: z.boolean(),
  mapping: z.record(z.string(), z.enum(LEAD_OUTCOME_STAGES)),
  // Where the admin signs in to the CRM (the record links start there).
  instanceUrl: z.string().nullable(),
  // Salesforce: the Lead field holding LeadCircle's lead id; a lead without a stored record is upserted by it.
  externalIdField: z.string().nullable(),
});
export type CrmConnection = z.infer<typeof crmConnection>;

export const crmConnectionResponse = z.object({
  connection: crmConnection.nullable(),
  // Which providers this server may connect by OAuth (configured); HubSpot without OAuth takes a pasted token.
  oauth: z.object({ SALESFORCE: z.boolean(), HUBSPOT: z.boolean() }),
});
export type CrmConnectionAnswer = z.infer<typeof crmConnectionResponse>;

export const crmConnectStartRequest = z.strictObject({ provider: providerField });
export const crmConnectStartResponse = z.object({ url: z.string() });

// The CRM's sign-in page sends the browser back with code and state; the web page posts them here.
export const crmConnectFinishRequest = z.strictObject({
  provider: providerField,
  code: text({ error: 'The sign-in code is missing' }).min(1, 'The sign-in code is missing').max(2000),
  state: text({ error: 'The sign-in state is missing' }).min(1, 'The sign-in state is missing').max(4000),
});

export const CRM_ACCESS_TOKEN_MAX = 500;
export const crmConnectTokenRequest = z.strictObject({
  token: text({ error: 'Paste the access token' })
    .trim()
    .min(1, 'Paste the access token')
    .max(CRM_ACCESS_TOKEN_MAX, 'The access token is too long'),
});

// A custom Salesforce field's API name (ends in __c); the CRM page names the rule.
export const CRM_EXTERNAL_ID_FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}__c$/;
export const CRM_EXTERNAL_ID_FIELD_MAX = 60;
export const CRM_EXTERNAL_ID_FIELD_MESSAGE =
  'Enter a custom Salesforce field API name: a letter first, then letters, digits or _, ending in __c (such as LeadCircle_Id__c).';

export const crmSettingsRequest = z.strictObject({
  auto_send: z.boolean().optional(),
  // Empty or null clears it (records are then matched by their stored id only).
  external_id_field: text({ error: CRM_EXTERNAL_ID_FIELD_MESSAGE })
    .trim()
    .max(CRM_EXTERNAL_ID_FIELD_MAX, CRM_EXTERNAL_ID_FIELD_MESSAGE)
    .refine((v) => v === '' || CRM_EXTERNAL_ID_FIELD_PATTERN.test(v), CRM_EXTERNAL_ID_FIELD_MESSAGE)
    .transform((v) => v || null)
    .nullable()
    .optional(),
  mapping: z
    .record(
      text().trim().min(1, 'A CRM status is required').max(CRM_STATUS_KEY_MAX, 'The CRM status is too long'),
      stageField,
    )
    .refine((m) => Object.keys(m).length <= CRM_MAPPING_MAX, `At most ${CRM_MAPPING_MAX} statuses`)
    .optional(),
});

export const crmSyncResponse = z.object({ checked: z.number().int(), recorded: z.number().int() });

export const crmLeadRequest = z.strictObject({ lead_id: idField });

/** A lead and the caller's business's CRM: whether it may be sent, and what became of the push. */
export const crmLeadState = z.object({
  leadId: z.number().int(),
  // The caller's business's CRM; null when it has none (nothing to show).
  provider: z.enum(CRM_PROVIDERS).nullable(),
  push: z
    .object({
      state: z.enum(CRM_PUSH_STATES),
      recordUrl: z.string().nullable(),
      sentAt: z.string().nullable(),
      // The CRM's own words when it refused the lead.
      error: z.string().nullable(),
      // When the push last changed: of two states of one push (a late answer, an event), the later stands.
      updatedAt: z.string(),
    })
    .nullable(),
});
export type CrmLeadState = z.infer<typeof crmLeadState>;

export const crmCalls = {
  check: defineCall({
    ...crmCallPaths.check,
    summary: "Whether the caller's business has a CRM integration; 404 when it has none (ADMINs)",
    request: emptyRequest,
    response: crmCheckResponse,
  }),
  test: defineCall({
    ...crmCallPaths.test,
    summary: 'Try a Salesforce username-password login at the given address (public, limited per IP)',
    request: crmTestRequest,
    response: crmTestResponse,
  }),
  connection: defineCall({
    ...crmCallPaths.connection,
    summary: "The business's CRM connection and the providers this server can connect (ADMINs)",
    request: emptyRequest,
    response: crmConnectionResponse,
  }),
  connectStart: defineCall({
    ...crmCallPaths.connectStart,
    summary: "The CRM's sign-in page to send the admin to (OAuth with a signed state bound to the admin)",
    request: crmConnectStartRequest,
    response: crmConnectStartResponse,
  }),
  connectFinish: defineCall({
    ...crmCallPaths.connectFinish,
    summary: "Exchange the CRM's sign-in code for tokens and store the connection (ADMINs)",
    request: crmConnectFinishRequest,
    response: crmConnectionResponse,
  }),
  connectToken: defineCall({
    ...crmCallPaths.connectToken,
    summary: 'Connect HubSpot with a private-app access token when OAuth is not set up (ADMINs)',
    request: crmConnectTokenRequest,
    response: crmConnectionResponse,
  }),
  settings: defineCall({
    ...crmCallPaths.settings,
    summary:
      'Turn sending every taken lead on or off; change which CRM status means which outcome step; name the Salesforce external id field (ADMINs)',
    request: crmSettingsRequest,
    response: crmConnectionResponse,
  }),
  disconnect: defineCall({
    ...crmCallPaths.disconnect,
    summary: "Delete the CRM's tokens (revoked at the CRM where it offers it) and the connection (ADMINs)",
    request: emptyRequest,
    response: crmConnectionResponse,
  }),
  syncNow: defineCall({
    ...crmCallPaths.syncNow,
    summary: 'Read the statuses of the records sent now, recording outcome steps (ADMINs)',
    request: emptyRequest,
    response: crmSyncResponse,
  }),
  leadState: defineCall({
    ...crmCallPaths.leadState,
    summary: "A lead in the caller's business's CRM: its push state and record link (members of its group)",
    request: crmLeadRequest,
    response: crmLeadState,
  }),
  leadSend: defineCall({
    ...crmCallPaths.leadSend,
    summary: "Send a lead to the caller's business's CRM in the background (members of its group)",
    request: crmLeadRequest,
    response: crmLeadState,
  }),
} as const;
