import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startLocalCrm } from '../../apps/server/test/local-crm.js';
import { startLocalOpenIdProvider } from '../../apps/server/test/local-openid-provider.js';
import { E2E_BASE_URL, E2E_JWT_SECRET, E2E_MAIL_DIR, E2E_PORT } from './env.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** An in-process SMTP server; each message lands as JSON in E2E_MAIL_DIR for the tests to read. */
async function startSmtp(): Promise<{ port: number; close(): Promise<void> }> {
  fs.rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          count += 1;
          const to = [mail.to]
            .flat()
            .flatMap((a) => a?.value ?? [])
            .map((v) => v.address?.toLowerCase());
          const file = path.join(E2E_MAIL_DIR, `${Date.now()}-${String(count).padStart(5, '0')}.json`);
          // Written aside and renamed, so a test polling the folder never reads half a message.
          fs.writeFileSync(`${file}.part`, JSON.stringify({ to, subject: mail.subject, text: mail.text }));
          fs.renameSync(`${file}.part`, file);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function waitForReady(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${E2E_BASE_URL}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become ready within 2 minutes');
}

// A real OpenID provider (the server tests' one) in LinkedIn's role: the browser signs in on its pages.
// Google and Apple stay unconfigured: their scripts come from the internet.
const LINKEDIN_CLIENT_ID = 'leadcircle-e2e';
const LINKEDIN_CLIENT_SECRET = 'e2e-linkedin-secret';

export default async function globalSetup() {
  const smtp = await startSmtp();
  const linkedin = await startLocalOpenIdProvider({
    clients: [
      {
        client_id: LINKEDIN_CLIENT_ID,
        client_secret: LINKEDIN_CLIENT_SECRET,
        redirect_uris: [`${E2E_BASE_URL}/oauth_login`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
  });
  // Salesforce and HubSpot: a local server speaking their OAuth and REST subset, with a login page.
  const crm = await startLocalCrm();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-e2e-data-'));
  // Tests that need an operator command (admin:create) run it against this server's data.
  process.env.E2E_DATA_DIR = dataDir;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      // The API helpers make each account from an address of its own, as separate people would
      // (X-Forwarded-For), so the per-IP sign-up limit holds for the browser tests' own sign-ups only.
      TRUST_PROXY: '127.0.0.1,::1',
      APP_URL: E2E_BASE_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      LINKEDIN_CLIENT_ID,
      LINKEDIN_CLIENT_SECRET,
      LINKEDIN_ISSUER: linkedin.issuer,
      // The CRM connection test calls a local server in Salesforce's place (tests only).
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      OUTBOUND_TIMEOUT_MS: '3000',
      // The CRM connection: Salesforce's login and API at the local server; HubSpot takes a private-app token.
      SALESFORCE_LOGIN_URL: crm.env.SALESFORCE_LOGIN_URL,
      SALESFORCE_CLIENT_ID: crm.env.SALESFORCE_CLIENT_ID,
      SALESFORCE_CLIENT_SECRET: crm.env.SALESFORCE_CLIENT_SECRET,
      HUBSPOT_AUTH_URL: crm.env.HUBSPOT_AUTH_URL,
      HUBSPOT_API_URL: crm.env.HUBSPOT_API_URL,
      // Unread chat is e-mailed at the job's next minute rather than five minutes on.
      CHAT_EMAIL_DELAY_SECONDS: '0',
    },
  });
  await waitForReady(server);

  return async () => {
    // The graceful shutdown path: SIGTERM, then the embedded database stops with the server.
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await smtp.close();
    await linkedin.close();
    await crm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
