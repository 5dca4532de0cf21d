import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export interface FeedbackAuthor {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  title: string | null;
}

// Subjects are one line: whatever the user typed, no line break reaches a mail header.
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').replace(/\s{2,}/g, ' ');

/** The e-mail to the support address; a reply goes straight to the user. */
export function feedbackEmail(
  to: string,
  author: FeedbackAuthor,
  feedback: { subject: string; content: string },
): MailMessage {
  const name = `${author.firstName} ${author.lastName}`;
  const details = [
    `From: ${name} <${author.email}> (user ${author.id})`,
    ...(author.company ? [`Company: ${author.company}`] : []),
    ...(author.title ? [`Title: ${author.title}`] : []),
    `Subject: ${feedback.subject}`,
  ];
  const text = ['New feedback from the LeadCircle app.', '', ...details, '', feedback.content].join('\n');
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1f2937;max-width:640px">',
    '<p>New feedback from the LeadCircle app.</p>',
    `<p>${details.map(escapeHtml).join('<br>')}</p>`,
    `<p style="white-space:pre-wrap;border-left:3px solid #1565c0;padding-left:12px">${escapeHtml(feedback.content)}</p>`,
    '</div>',
  ].join('\n');
  return { to, subject: `Feedback: ${oneLine(feedback.subject)}`, text, html, replyTo: author.email };
}
