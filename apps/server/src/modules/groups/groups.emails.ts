import { GROUP_INVITE_EXPIRY_DAYS } from '@leadcircle/shared';
import type { MailMessage } from '../../providers/mail/mailer.js';
import { message } from '../auth/auth.emails.js';

// The e-mail of /group/invite, with the invite link.
export function groupInviteEmail(to: string, p: { inviterName: string; groupName: string; url: string }): MailMessage {
  return message(
    to,
    `${p.inviterName} invited you to the group ${p.groupName} on LeadCircle`,
    [
      'Hi,',
      `${p.inviterName} invited you to join the group "${p.groupName}" on LeadCircle, where sales professionals exchange leads.`,
      `Open the invitation to join. It can be used once and is valid for ${GROUP_INVITE_EXPIRY_DAYS} days.`,
      'If you do not have an account yet, sign up with this e-mail address: you will join the group once it is confirmed.',
    ],
    { label: 'Join the group', url: p.url },
  );
}
