import type { Algorithm } from '@node-rs/argon2';

// The native module loads on first use, not at start.
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
};

// Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

// argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's baseline).
export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, { algorithm: ARGON2ID });
}

// Verified against when the address has no password, so a miss costs as long as a hit.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$awo6LXuMy940ChLOGh3SQQ$cahH9nIdP76sAsWIH7Wuliad+Gy+HFX7AqASawJdUbw';

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    const ok = await verify(passwordHash ?? DUMMY_HASH, password);
    return passwordHash !== null && ok;
  } catch {
    return false;
  }
}
