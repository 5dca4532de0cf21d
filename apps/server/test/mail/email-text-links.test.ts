import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../src/providers/mail/mailer.js';

// Mail clients take punctuation right after an address into the link ("(https://…/leads/1)" opens a
// missing page): no URL in an e-mail's text part may be followed by anything but whitespace or the end.

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules');
const appUrl = 'http://localhost:3000';
const link = (p: string) => `${appUrl}${p}`;

const items = [
  { text: 'Ann Lee submitted the lead Ada One (First Co) in Austin Sellers', path: '/groups/1/leads/1' },
  {
    text: 'Ann Lee wrote in Austin Sellers',
    path: '/groups/1/messages',
    message: 'The deal: https://example.com/deal',
  },
  { text: 'Ann Lee rated your lead Bob Two', path: null },
];
const notification = (kind: string, switchKey: string, chosen = items) => ({
  to: 'bo@example.com',
  firstName: 'Bo',
  kind,
  digest: false,
  switchKey,
  items: chosen,
  appUrl,
  unsubscribeToken: 'tok-en_1',
});

// biome-ignore lint/suspicious/noExplicitAny: each template takes its own arguments; the samples give them
type Render = (...args: any[]) => MailMessage;

/** One or more renderings of each template; a template added without a sample fails the test. */
const samples: Record<string, (render: Render) => MailMessage[]> = {
  message: (m) => [m('a@b.co', 'Subject', ['Hi'], { label: 'Go', url: link('/x') })],
  confirmationEmail: (m) => [m('a@b.co', 'Ann', link('/email?action=SIGNUP_CONFIRMATION&token=t'))],
  passwordResetEmail: (m) => [m('a@b.co', 'Ann', link('/email?action=RESET_PASSWORD&token=t'))],
  adminWelcomeEmail: (m) => [m('a@b.co', 'Ann', 'Acme', link('/email?action=RESET_PASSWORD&token=t'))],
  accountExistsEmail: (m) => [m('a@b.co', 'Ann', link('/forgot-password'))],
  businessInviteEmail: (m) => [
    m('a@b.co', {
      firstName: 'Ann',
      businessName: 'Acme',
      inviterName: 'Bo Ray',
      url: link('/email?action=BUSINESS_INVITE&token=t'),
      validDays: 7,
    }),
  ],
  feedbackEmail: (m) => [
    m(
      'support@example.com',
      { id: 7, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', company: 'Acme', title: 'AE' },
      { subject: 'Hello', content: 'Thanks for the app' },
    ),
  ],
  groupInviteEmail: (m) => [
    m('a@b.co', { inviterName: 'Bo', groupName: 'Austin Sellers', url: link('/group/user_invited?user_id=0') }),
  ],
  opportunityInviteEmail: (m) => [
    m('a@b.co', { inviterName: 'Bo', opportunityName: 'Big deal', url: link('/opportunity/user_invited?user_id=0') }),
  ],
  notificationEmail: (m) => [
    m({
      ...notification('NEW_LEAD', 'NEW_LEADS'),
      groupLinks: [{ groupName: 'Austin Sellers', unsubscribeToken: 'g-1' }],
    }),
    m(notification('NEW_LEAD', 'NEW_LEADS', items.slice(0, 1))),
    m({ ...notification('NEW_LEAD', 'NEW_LEADS'), digest: true }),
    m(notification('CHAT', 'GROUP:1', items.slice(1, 2))),
    m(notification('CHAT', 'OPPORTUNITY:3')),
    m(notification('EVENT', 'ACCOUNT', items.slice(2))),
  ],
};

async function renderEveryTemplate(): Promise<{ name: string; mail: MailMessage }[]> {
  const rendered: { name: string; mail: MailMessage }[] = [];
  for (const dir of readdirSync(modulesDir)) {
    for (const file of readdirSync(path.join(modulesDir, dir)).filter((f) => f.endsWith('.emails.ts'))) {
      const mod: Record<string, unknown> = await import(path.join(modulesDir, dir, file));
      for (const [name, render] of Object.entries(mod)) {
        if (typeof render !== 'function') continue;
        const sample = samples[name];
        expect(sample, `${dir}/${file}: ${name} has no sample in this test`).toBeDefined();
        for (const mail of sample!(render as Render)) rendered.push({ name, mail });
      }
    }
  }
  return rendered;
}

/** The URLs of a text that end in punctuation a mail client would take into the link. */
const urlsBeforePunctuation = (text: string) =>
  [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]).filter((url) => /[).,;:!?\]>"']$/.test(url));

describe('e-mail text parts', () => {
  it('no template, notifications included, puts punctuation right after a URL', async () => {
    const rendered = await renderEveryTemplate();
    expect(new Set(rendered.map((r) => r.name))).toEqual(new Set(Object.keys(samples)));
    for (const { name, mail } of rendered) {
      expect(urlsBeforePunctuation(mail.text), `${name}: ${mail.subject}\n${mail.text}`).toEqual([]);
    }
    // The links are all still there: each item's address, and a link quoted from a chat message.
    const [several] = rendered.filter((r) => r.name === 'notificationEmail');
    expect(several?.mail.text).toContain(link('/groups/1/leads/1'));
    expect(several?.mail.text).toContain(link('/groups/1/messages'));
    expect(several?.mail.text).toContain('https://example.com/deal');
  });
});
