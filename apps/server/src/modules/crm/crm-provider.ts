import type { CrmProvider } from '@leadcircle/shared';

// What LeadCircle asks of a CRM; Salesforce and HubSpot are two implementations (salesforce.ts, hubspot.ts).

export interface CrmTokens {
  accessToken: string;
  /** Absent for a HubSpot private-app token (it does not expire). */
  refreshToken?: string;
}

/** A stored connection as the providers use it. */
export interface CrmLink {
  /** Salesforce: where every call goes (the token answer's instance_url). HubSpot: the base of record links. */
  instanceUrl: string | null;
  tokens: CrmTokens;
  /** Salesforce: the Lead field holding LeadCircle's lead id, when the admin named one. */
  externalIdField?: string | null;
}

/** The lead as a CRM record takes it. */
export interface CrmLeadFields {
  firstName: string;
  lastName: string;
  company: string;
  title: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  /** The lead's notes, then a link to its page in LeadCircle. */
  description: string;
  /** LeadCircle's id for the lead (the value of an external id field). */
  externalId: string;
}

export interface CrmConnected {
  tokens: CrmTokens;
  instanceUrl: string | null;
  accountName: string;
}

/** A record's status as the mapping reads it, most telling first, and the amount when it was won. */
export interface CrmRecordStatus {
  keys: string[];
  amountCents: number | null;
}

export interface CrmClient {
  readonly provider: CrmProvider;
  /** The CRM's sign-in page; null when this server has no OAuth app for it. */
  authorizeUrl(args: { state: string; redirectUri: string; codeChallenge: string }): string | null;
  exchangeCode(args: { code: string; redirectUri: string; codeVerifier: string }): Promise<CrmConnected>;
  /** A private-app token (HubSpot): checked, and who it is. */
  connectToken?(token: string): Promise<CrmConnected>;
  /** A fresh access token; CrmError 'unauthorized' when the refresh token is revoked. */
  refresh(link: CrmLink): Promise<CrmTokens>;
  /** Creates or updates the record (the stored id first, then an external id field where set); answers the record's id and its page. */
  push(link: CrmLink, recordId: string | null, lead: CrmLeadFields): Promise<{ recordId: string; recordUrl: string }>;
  readStatuses(link: CrmLink, recordIds: string[]): Promise<Map<string, CrmRecordStatus>>;
  revoke?(link: CrmLink): Promise<void>;
}
