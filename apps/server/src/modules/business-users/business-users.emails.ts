import type { MailMessage } from '../../providers/mail/mailer.js';
import { message } from '../auth/auth.emails.js';

export function businessInviteEmail(
  to: string,
  p: { firstName: string; businessName: string; inviterName: string; url: string; validDays: number },
): MailMessage {
  return message(
    to,
    `You are invited to join ${p.businessName} on LeadCircle`,
    [
      `Hi ${p.firstName},`,
      `${p.inviterName} invited you to join ${p.businessName} on LeadCircle, where your team shares leads.`,
      'Follow the link to accept: choose a password (or join with the account you already have), then sign in on the web or in the app.',
      `This link is valid for ${p.validDays} days.`,
    ],
    { label: 'Accept the invitation', url: p.url },
  );
}
