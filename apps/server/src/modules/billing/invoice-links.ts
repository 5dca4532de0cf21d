import crypto from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { HOUR_MS } from '../../lib/clock.js';

// The invoice PDF is a link the browser opens directly (no Authorization header), so the link
// carries its own proof: who asked, until when, for which invoice, signed with a key derived
// from the server's JWT secret. The download still checks that this user may see the invoice.

export const INVOICE_LINK_TTL_MS = HOUR_MS;

export interface InvoiceLinks {
  /** Where the browser downloads the invoice's PDF: `/api/billing/invoices/{id}/pdf?token=…`. */
  url(invoiceId: number, userId: number): string;
  /** The user the link was made for, or why it is refused. */
  verify(invoiceId: number, token: string): { userId: number } | 'invalid' | 'expired';
}

export function createInvoiceLinks(secret: string, clock: Clock): InvoiceLinks {
  // Its own key, so a link signature can never be mistaken for anything else signed with the secret.
  const key = crypto.createHmac('sha256', secret).update('leadcircle/invoice-pdf-links').digest();
  const sign = (invoiceId: number, userId: number, expires: number) =>
    crypto.createHmac('sha256', key).update(`${invoiceId}.${userId}.${expires}`).digest('base64url');

  return {
    url(invoiceId, userId) {
      const expires = Math.floor((clock.now().getTime() + INVOICE_LINK_TTL_MS) / 1000);
      const token = `${userId}.${expires}.${sign(invoiceId, userId, expires)}`;
      return `/api/billing/invoices/${invoiceId}/pdf?token=${token}`;
    },
    verify(invoiceId, token) {
      const match = /^(\d{1,12})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!match) return 'invalid';
      const userId = Number(match[1]);
      const expires = Number(match[2]);
      const expected = Buffer.from(sign(invoiceId, userId, expires));
      const given = Buffer.from(match[3]!);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'invalid';
      if (expires * 1000 <= clock.now().getTime()) return 'expired';
      return { userId };
    },
  };
}
