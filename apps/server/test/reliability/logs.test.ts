import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '../../src/http/logging.js';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Error logs carry no secrets or personal data: no query parameters, bodies, tokens, password
// hashes, e-mail addresses or links with their codes.

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

function logOf(requestId: string) {
  return lines.filter((line) => line.includes(requestId)).join('\n');
}

describe('access log', () => {
  it('writes one line per request with its method, redacted url, ip, status, time and request id', async () => {
    await t.app.inject({
      url: '/email?action=RESET_PASSWORD&token=Secret0123456789',
      headers: { 'x-request-id': 'log-test-access-1' },
    });
    const mine = lines.filter((line) => line.includes('log-test-access-1')).map((line) => JSON.parse(line));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      reqId: 'log-test-access-1',
      req: { method: 'GET', url: '/email?action=RESET_PASSWORD&token=[redacted]', ip: '127.0.0.1' },
      status: 404,
    });
    expect(Object.keys(mine[0].req)).toEqual(['method', 'url', 'ip']);
    expect(typeof mine[0].ms).toBe('number');
    // The fields in the order pino writes them, so a line reads as every other line of the log.
    expect(Object.keys(mine[0])).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'status', 'ms', 'msg']);
    expect(mine[0]).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(Math.abs(mine[0].time - Date.now())).toBeLessThan(60_000);
  });

  it('writes addresses with quotes, backslashes and control characters as valid JSON', async () => {
    await t.app.inject({
      url: '/api/no-such-call?q=%22quoted%22%5C%01end',
      headers: { 'x-request-id': 'log-test-access-2' },
    });
    const mine = lines.filter((line) => line.includes('log-test-access-2'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.endsWith('\n')).toBe(true);
    expect(JSON.parse(mine[0]!).req.url).toBe('/api/no-such-call?q=%22quoted%22%5C%01end');
  });

  it('writes a line for a call refused before its handler (a 401), with the status it answered', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/user/get',
      payload: {},
      headers: { 'x-request-id': 'log-test-access-3' },
    });
    const mine = lines.filter((line) => line.includes('log-test-access-3')).map((line) => JSON.parse(line));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      status: 401,
      req: { method: 'POST', url: '/api/user/get' },
    });
  });
});

describe('error logs', () => {
  it('log a failed query with its request id, SQL and error code, but not its parameters', async () => {
    // A constraint no new row can meet: the sign-up's INSERT fails in PostgreSQL.
    await t.db.execute(sql`alter table users add constraint reject_new_users check (id < 0) not valid`);
    try {
      const body = {
        first_name: 'Quentin',
        last_name: 'Secretname',
        email: 'quentin.private@example.org',
        password: 'Sup3r-Secret-Pass',
      };
      const res = await post(t, '/user/email_signup', body, { headers: { 'x-request-id': 'log-test-signup-1' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });

      const log = logOf('log-test-signup-1');
      for (const secret of [
        'quentin.private',
        'example.org',
        'Quentin',
        'Secretname',
        'Sup3r-Secret-Pass',
        '$argon2',
      ]) {
        expect(log, secret).not.toContain(secret);
      }
      expect(log).toContain('unexpected error');
      expect(log).toContain('23514');
      expect(log).toContain('reject_new_users');
    } finally {
      await t.db.execute(sql`alter table users drop constraint reject_new_users`);
    }
  });

  it('log the page addresses of e-mail links without their tokens and addresses', async () => {
    await t.app.inject({
      url: '/email?action=RESET_PASSWORD&token=AbCdEf0123456789secret&email=someone%40example.org',
      headers: { 'x-request-id': 'log-test-link-1' },
    });
    const log = logOf('log-test-link-1');
    expect(log).toContain('/email?action=RESET_PASSWORD');
    expect(log).not.toContain('AbCdEf0123456789secret');
    expect(log).not.toContain('example.org');
  });

  it('scrub secrets from the message of any other error, and drop its other properties', () => {
    const error = Object.assign(
      new Error(
        'failed for ann@example.org with $argon2id$v=19$m=19456,t=2,p=1$abc$def at https://app.example.com/email?token=zzz',
      ),
      { config: { headers: { authorization: 'Bearer sk_live_123' } }, body: 'secret body' },
    );
    const logged = JSON.stringify(serializeError(error));
    for (const secret of ['ann@example.org', '$argon2id', 'token=zzz', 'sk_live_123', 'secret body']) {
      expect(logged, secret).not.toContain(secret);
    }
    expect(logged).toContain('https://app.example.com/email');
  });
});
