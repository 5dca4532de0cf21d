import crypto from 'node:crypto';

// CRM tokens at rest, and the OAuth state on its way through the browser: AES-256-GCM under a key made from
// CRM_TOKEN_KEY (or the one generated into DATA_DIR). A box opened with the wrong key or purpose, or
// changed by one bit, opens to nothing.

export type BoxPurpose = 'tokens' | 'oauth-state';

export interface TokenBox {
  seal(value: unknown, purpose: BoxPurpose): string;
  /** The value, or undefined when the box is not one of ours (another key, another purpose, tampered). */
  open<T>(box: string, purpose: BoxPurpose): T | undefined;
}

export function createTokenBox(secret: string): TokenBox {
  const key = crypto.createHash('sha256').update(`leadcircle-crm:${secret}`).digest();
  return {
    seal(value, purpose) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open<T>(box: string, purpose: BoxPurpose): T | undefined {
      const [version, iv, tag, data, ...rest] = box.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined || rest.length > 0) return undefined;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
        return JSON.parse(text) as T;
      } catch {
        return undefined;
      }
    },
  };
}
