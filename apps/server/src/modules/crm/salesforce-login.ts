import { CRM_TEST_REASONS, type CrmTestResult } from '@leadcircle/shared';
import { OutboundError, type OutboundPolicy, outboundRequest } from '../../lib/outbound.js';

// Salesforce's SOAP username-password login (partner API): a session for the right password with
// the security token appended, a SOAP fault otherwise.

const API_VERSION = '59.0';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The login endpoint at the address given: its own path when it names one, Salesforce's otherwise. */
export function soapLoginUrl(base: string): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new OutboundError('protocol');
  }
  if (!/\/services\/Soap\/u\//.test(url.pathname)) url.pathname = `/services/Soap/u/${API_VERSION}`;
  url.search = '';
  url.hash = '';
  return url.href;
}

export function soapLoginEnvelope(username: string, passwordAndToken: string): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<env:Envelope xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">',
    '<env:Body><n1:login xmlns:n1="urn:partner.soap.sforce.com">',
    `<n1:username>${escapeXml(username)}</n1:username>`,
    `<n1:password>${escapeXml(passwordAndToken)}</n1:password>`,
    '</n1:login></env:Body></env:Envelope>',
  ].join('');
}

/** Success when Salesforce (or what answers at the address) gives a session for these credentials; otherwise why not. */
export async function salesforceLogin(
  policy: OutboundPolicy,
  input: { url: string; username: string; password: string; securityToken: string },
): Promise<CrmTestResult> {
  const response = await outboundRequest(policy, soapLoginUrl(input.url), {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'login' },
    body: soapLoginEnvelope(input.username, input.password + input.securityToken),
  });
  if (response.status === 200 && /<(\w+:)?sessionId>[^<]+<\/(\w+:)?sessionId>/.test(response.body)) {
    return { success: true };
  }
  // Salesforce answers wrong credentials (a wrong password, a missing token, a locked user) with a SOAP fault.
  if (/<(\w+:)?Fault>/.test(response.body)) return { success: false, reason: CRM_TEST_REASONS.loginRefused };
  return { success: false, reason: CRM_TEST_REASONS.notSalesforce(response.status) };
}
