import { ROUTES, UNSUBSCRIBE_PATH } from '@leadcircle/shared';
import type { MailMessage } from '../../providers/mail/mailer.js';
import { message } from '../auth/auth.emails.js';

// Notification e-mails: new leads (as they arrive or in a daily digest), unread chat messages and single
// events, each with a one-click unsubscribe link and the List-Unsubscribe headers for that one switch.

export interface EmailItem {
  /** The activity as a line ("Ann submitted the lead …"). */
  text: string;
  /** The app path it opens, when it has one. */
  path: string | null;
  /** A chat message's text. */
  message?: string;
}

export interface NotificationEmailInput {
  to: string;
  firstName: string;
  kind: string;
  digest: boolean;
  switchKey: string;
  items: EmailItem[];
  appUrl: string;
  unsubscribeToken: string;
  /** New leads: each group they came from, with the link that turns that group's e-mails off. */
  groupLinks?: { groupName: string; unsubscribeToken: string }[];
}

/** Longest excerpt of a chat message quoted in an e-mail. */
const EXCERPT_LENGTH = 200;

const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text);
// A mail client would take a closing quote right after an address into the link: a space keeps them apart.
const quoted = (text: string) => (/https?:\/\/\S+$/.test(text) ? `"${text} "` : `"${text}"`);
const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** Why the person gets it: the switch its unsubscribe link turns off. */
function reasonOf(switchKey: string): string {
  if (switchKey === 'NEW_LEADS') return 'You get this because new leads in your groups are e-mailed to you.';
  if (switchKey.startsWith('GROUP:')) return "You get this because this group's Messages notifications are on.";
  if (switchKey.startsWith('OPPORTUNITY:')) {
    return "You get this because this opportunity's Messages notifications are on.";
  }
  return 'You get this because e-mail notifications are on for your account.';
}

function subjectOf(input: NotificationEmailInput): string {
  const { items, kind } = input;
  const first = items[0]?.text ?? 'Something happened';
  if (kind === 'NEW_LEAD') {
    if (input.digest) return `Your daily LeadCircle digest: ${plural(items.length, 'new lead', 'new leads')}`;
    return items.length === 1 ? first : `${plural(items.length, 'new lead', 'new leads')} in your groups`;
  }
  if (kind === 'CHAT')
    return items.length === 1 ? first : `${plural(items.length, 'unread message', 'unread messages')}`;
  return first;
}

export function notificationEmail(input: NotificationEmailInput): MailMessage {
  const { appUrl, items } = input;
  const url = (path: string | null) => new URL(path ?? ROUTES.activities, `${appUrl}/`).toString();
  const lines = [
    `Hi ${input.firstName},`,
    // Each address on a line of its own: punctuation right after it would be taken into the link.
    ...items.map((item) => {
      const said = item.message ? `: ${quoted(excerpt(item.message))}` : '';
      return `• ${item.text}${said}\n  ${url(item.path)}`;
    }),
  ];
  const single = items.length === 1 ? items[0] : undefined;
  const action = single?.path
    ? { label: 'Open in LeadCircle', url: url(single.path) }
    : { label: 'Open your activities', url: url(ROUTES.activities) };
  const token = encodeURIComponent(input.unsubscribeToken);
  const pageUrl = (t: string) => new URL(`${ROUTES.unsubscribe}?token=${t}`, `${appUrl}/`).toString();
  const oneClickUrl = new URL(`/api${UNSUBSCRIBE_PATH}?token=${token}`, `${appUrl}/`).toString();
  // A group's switch covers its messages and its new leads.
  const more = (input.groupLinks ?? []).map((g) => ({
    label: `Stop all e-mails from ${g.groupName} (its messages and new leads)`,
    url: pageUrl(encodeURIComponent(g.unsubscribeToken)),
  }));
  const unsubscribe = { reason: reasonOf(input.switchKey), url: pageUrl(token), more };
  return {
    ...message(input.to, subjectOf(input), lines, action, unsubscribe),
    headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
