import { describe, expect, it } from 'vitest';
import { isAllowedAddress, OutboundError, type OutboundPolicy, outboundRequest } from './outbound.js';

const production: OutboundPolicy = {
  requireHttps: true,
  allowLoopback: false,
  timeoutMs: 1000,
  maxRedirects: 3,
  maxResponseBytes: 1024,
};

async function refusal(url: string, policy = production) {
  try {
    await outboundRequest(policy, url, { method: 'GET' });
  } catch (error) {
    if (error instanceof OutboundError) return error.reason;
    throw error;
  }
  throw new Error(`${url} was not refused`);
}

describe('outboundRequest', () => {
  it('calls only https:// addresses in production, without credentials in the address', async () => {
    expect(await refusal('http://login.salesforce.com')).toBe('protocol');
    expect(await refusal('file:///etc/passwd')).toBe('protocol');
    expect(await refusal('https://user:pass@login.salesforce.com')).toBe('protocol');
    expect(await refusal('not a url')).toBe('protocol');
  });

  it('refuses IP addresses of private, loopback, link-local and metadata networks before connecting', async () => {
    for (const url of [
      'https://127.0.0.1',
      'https://[::1]',
      'https://169.254.169.254',
      'https://10.0.0.1',
      'https://[fe80::1]',
    ]) {
      expect(await refusal(url), url).toBe('address');
    }
  });

  it('refuses a host name that resolves to loopback (checked after DNS)', async () => {
    expect(await refusal('https://localhost:1')).toBe('address');
  });
});

describe('isAllowedAddress', () => {
  it('allows public addresses and loopback only when told', () => {
    expect(isAllowedAddress('13.108.0.1', production)).toBe(true);
    expect(isAllowedAddress('2606:4700::1111', production)).toBe(true);
    expect(isAllowedAddress('127.0.0.1', production)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isAllowedAddress('::ffff:127.0.0.1', { allowLoopback: true })).toBe(false);
    for (const a of [
      '0.0.0.0',
      '100.64.1.1',
      '172.31.255.255',
      '192.168.0.1',
      '224.0.0.1',
      'fd00:ec2::254',
      'not-an-ip',
    ]) {
      expect(isAllowedAddress(a, production), a).toBe(false);
    }
  });
});
