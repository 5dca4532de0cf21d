// The encoding half of oauth-state.ts, without zod: the sign-in screen's LinkedIn button encodes
// the state in the first load (docs/decisions/performance.md); reading one back takes the schema
// (an OAuthInviteState goes in).

// Both runtimes (browsers, Node ≥ 16) have btoa and atob; this package is typed without DOM or Node.
const base64 = globalThis as unknown as { btoa(binary: string): string; atob(encoded: string): string };

export function toBase64Url(text: string): string {
  // UTF-8 bytes as a binary string, then base64url without padding.
  const binary = encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return base64.btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(encoded: string): string {
  const binary = base64.atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return decodeURIComponent(Array.from(binary, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
}

/** base64url of the JSON; `extra` lets the server add its random key. */
export function encodeOAuthState(invite: object, extra: Record<string, string> = {}): string {
  return toBase64Url(JSON.stringify({ ...invite, ...extra }));
}
