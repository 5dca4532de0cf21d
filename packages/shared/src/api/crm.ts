import { z } from 'zod';
import { isHttpUrl, text } from '../text.js';
import { defineCall, emptyRequest } from './call.js';
import { crmCallPaths } from './call-paths.js';

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
} as const;
