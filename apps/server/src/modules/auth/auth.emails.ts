import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

// The account e-mails. Plain text first; the HTML part says the same with one button.
// message() is shared with the other modules' e-mails (groups).

export function message(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
  /** Notification e-mails: why it came and the link that stops this kind, then other links that stop more. */
  unsubscribe?: { reason: string; url: string; more?: { label: string; url: string }[] },
): MailMessage {
  const more = unsubscribe?.more ?? [];
  const footer = unsubscribe
    ? ['', `${unsubscribe.reason} Unsubscribe: ${unsubscribe.url}`, ...more.map((l) => `${l.label}:\n${l.url}`)]
    : [];
  const text = [...lines, '', `${action.label}: ${action.url}`, '', '— The LeadCircle team', ...footer].join('\n');
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1f2937;max-width:560px">',
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1565c0;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-size:12px;color:#6b7280">If the button does not work, open this address: ${escapeHtml(action.url)}</p>`,
    '<p>— The LeadCircle team</p>',
    ...(unsubscribe
      ? [
          `<p style="font-size:12px;color:#6b7280">${escapeHtml(unsubscribe.reason)} <a href="${escapeHtml(unsubscribe.url)}">Unsubscribe</a></p>`,
          ...more.map(
            (l) =>
              `<p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`,
          ),
        ]
      : []),
    '</div>',
  ].join('\n');
  return { to, subject, text, html };
}

export function confirmationEmail(to: string, firstName: string, url: string): MailMessage {
  return message(
    to,
    'Confirm your LeadCircle account',
    [
      `Hi ${firstName},`,
      'Welcome to LeadCircle. Confirm your e-mail address to activate your account.',
      'This link is valid for 72 hours.',
    ],
    { label: 'Confirm my account', url },
  );
}

export function passwordResetEmail(to: string, firstName: string, url: string): MailMessage {
  return message(
    to,
    'Reset your LeadCircle password',
    [
      `Hi ${firstName},`,
      'Someone asked to reset the password of your LeadCircle account. If it was you, choose a new password.',
      'This link is valid for 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}

// The first e-mail of an admin created by an operator (npm run admin:create).
export function adminWelcomeEmail(to: string, firstName: string, businessName: string, url: string): MailMessage {
  return message(
    to,
    `Welcome to ${businessName} on LeadCircle`,
    [
      `Hi ${firstName},`,
      `An account was created for you as the administrator of ${businessName} on LeadCircle.`,
      'Choose a password to sign in, then invite your team and set up billing.',
      'This link is valid for 7 days.',
    ],
    { label: 'Choose my password', url },
  );
}

// Sent instead of a confirmation when the address already has an account, so sign-up
// does not reveal to the requester whether an address is registered.
export function accountExistsEmail(to: string, firstName: string, url: string): MailMessage {
  return message(
    to,
    'You already have a LeadCircle account',
    [
      `Hi ${firstName},`,
      'Someone tried to create a LeadCircle account with this e-mail address, which already has one.',
      'If it was you, sign in, or reset your password if you have forgotten it. If not, you can ignore this e-mail.',
    ],
    { label: 'Reset my password', url },
  );
}
