import { OPPORTUNITY_INVITE_EXPIRY_DAYS } from '@leadcircle/shared';
import type { MailMessage } from '../../providers/mail/mailer.js';
import { message } from '../auth/auth.emails.js';

// The opportunity invite: the link.
export function opportunityInviteEmail(
  to: string,
  p: { inviterName: string; opportunityName: string; url: string },
): MailMessage {
  return message(
    to,
    `${p.inviterName} shared the opportunity ${p.opportunityName} with you on LeadCircle`,
    [
      'Hi,',
      `${p.inviterName} shared the opportunity "${p.opportunityName}" with you on LeadCircle.`,
      `Open the invitation to see it. It can be used once and is valid for ${OPPORTUNITY_INVITE_EXPIRY_DAYS} days.`,
      'If you do not have an account yet, sign up with this e-mail address: the opportunity is shared with you once it is confirmed.',
    ],
    { label: 'Open the opportunity', url: p.url },
  );
}
