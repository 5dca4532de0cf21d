import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

// loadConfig reads only the object it is given: no database, no process.env.

const PROJECT_FOLDER = path.resolve(import.meta.dirname, '../../../..');

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('works with no environment at all: port 3000, links to http://localhost:3000, embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      jwtSecret: undefined,
      jobsEnabled: true,
      mailRetentionDays: 30,
      dataDir: path.join(PROJECT_FOLDER, 'data'),
    });
  });

  it('reads relative paths against the project folder, not the working directory (npm runs commands inside apps/server)', () => {
    const config = loadConfig({ DATA_DIR: 'var/lc', WEB_DIST_DIR: 'apps/web/dist' });
    expect(config.dataDir).toBe(path.join(PROJECT_FOLDER, 'var/lc'));
    expect(config.webDistDir).toBe(path.join(PROJECT_FOLDER, 'apps/web/dist'));
    expect(loadConfig({ DATA_DIR: '/srv/lc' }).dataDir).toBe('/srv/lc');
  });

  it('derives the link address from PORT, and takes APP_URL without its trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://app.leadcircle.example/' }).appUrl).toBe('https://app.leadcircle.example');
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '', JWT_SECRET: '', APP_URL: '' });
    expect(config).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined, jwtSecret: undefined });
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('accepts the production settings', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '443',
      DATABASE_URL: 'postgres://lc:secret@db:5432/leadcircle',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      JWT_SECRET: 'x'.repeat(32),
      JOBS_ENABLED: 'false',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 443,
      databaseUrl: 'postgres://lc:secret@db:5432/leadcircle',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      jobsEnabled: false,
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['SMTP_URL', { SMTP_URL: 'http://x' }],
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/leadcircle' }],
    ['APP_URL', { APP_URL: 'not a url' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['JOBS_ENABLED', { JOBS_ENABLED: 'yes' }],
    ['MAIL_RETENTION_DAYS', { MAIL_RETENTION_DAYS: '0' }],
    ['MAIL_RETENTION_DAYS', { MAIL_RETENTION_DAYS: '2.5' }],
  ])('throws a ConfigError naming %s when it is wrong', (name, env) => {
    const error = configErrorOf(env);
    expect(error.message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    // Only the wrong variable is named.
    expect(error.message.trim().split('\n')).toHaveLength(2);
  });

  it('says why JWT_SECRET and SMTP_URL are refused', () => {
    expect(configErrorOf({ JWT_SECRET: 'too-short' }).message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(configErrorOf({ SMTP_URL: 'http://x' }).message).toContain('SMTP_URL: must start with smtp:// or smtps://');
    expect(configErrorOf({ VAPID_PUBLIC_KEY: 'BPublicKey' }).message).toContain(
      'VAPID_PRIVATE_KEY: is required with the other VAPID_ key',
    );
    expect(loadConfig({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }).vapid).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
    });
    expect(loadConfig({}).vapid).toBeNull();
  });

  it('keeps files on disk under DATA_DIR/uploads unless S3 is configured', () => {
    expect(loadConfig({ DATA_DIR: '/srv/lc' }).files).toEqual({ kind: 'disk', dir: path.resolve('/srv/lc/uploads') });
  });

  it('uses S3-compatible storage when S3_BUCKET is set', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'lc-files',
        S3_ENDPOINT: 'https://s3.eu.example.com',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'AKIA123',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).files,
    ).toEqual({
      kind: 's3',
      bucket: 'lc-files',
      endpoint: 'https://s3.eu.example.com',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIA123', secretAccessKey: 'secret' },
    });
    // On AWS the instance's role may give the credentials; the region defaults to us-east-1.
    expect(loadConfig({ S3_BUCKET: 'lc-files' }).files).toEqual({
      kind: 's3',
      bucket: 'lc-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
  });

  it.each([
    ['S3_BUCKET', { S3_ENDPOINT: 'https://s3.example.com' }, 'S3_BUCKET: is required when other S3_ settings are set'],
    [
      'S3_BUCKET',
      { S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' },
      'S3_BUCKET: is required when other S3_ settings are set',
    ],
    [
      'S3_SECRET_ACCESS_KEY',
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' },
      'S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID',
    ],
    [
      'S3_ACCESS_KEY_ID',
      { S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'a' },
      'S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY',
    ],
    ['S3_ENDPOINT', { S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT: '],
  ])('refuses an incomplete S3 configuration, naming %s', (_name, env, message) => {
    expect(configErrorOf(env).message).toContain(message);
  });

  it('takes the store links of the Download app page from IOS_APP_URL and ANDROID_APP_URL', () => {
    expect(loadConfig({}).downloadApp).toEqual({
      iosUrl: 'https://apps.apple.com/us/search?term=LeadCircle',
      androidUrl: 'https://play.google.com/store/search?q=LeadCircle&c=apps',
    });
    expect(
      loadConfig({
        IOS_APP_URL: 'https://apps.apple.com/app/id123456789',
        ANDROID_APP_URL: 'https://play.google.com/store/apps/details?id=app.leadcircle',
      }).downloadApp,
    ).toEqual({
      iosUrl: 'https://apps.apple.com/app/id123456789',
      androidUrl: 'https://play.google.com/store/apps/details?id=app.leadcircle',
    });
    expect(configErrorOf({ IOS_APP_URL: 'javascript:alert(1)' }).message).toContain('IOS_APP_URL: ');
    expect(configErrorOf({ ANDROID_APP_URL: 'not a link' }).message).toContain('ANDROID_APP_URL: ');
  });
});
