import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';

/** 256 random bits, URL-safe: refresh tokens, e-mail tokens. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as hashes; a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** JWT_SECRET when given, otherwise one generated on first start and kept in DATA_DIR. */
export function loadJwtSecret(configured: string | undefined, dataDir: string): string {
  return loadSecret(configured, dataDir, 'jwt-secret');
}

/** CRM_TOKEN_KEY when given, otherwise one generated on first start and kept in DATA_DIR (crm-token-key). */
export function loadCrmTokenKey(configured: string | undefined, dataDir: string): string {
  return loadSecret(configured, dataDir, 'crm-token-key');
}

function loadSecret(configured: string | undefined, dataDir: string, name: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Web Push's VAPID key pair (base64url P-256): the configured one, else one generated once into DATA_DIR. */
export function loadVapidKeys(
  configured: { publicKey: string; privateKey: string } | null,
  dataDir: string,
): { publicKey: string; privateKey: string } {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid-keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
