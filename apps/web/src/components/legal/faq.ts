import {
  AVATAR_MAX_MEGABYTES,
  CLOSED_ACCOUNT_INVISIBLE_HOURS,
  MINIMUM_AGE,
  SUBSCRIPTION_PRICE_PER_USER,
} from '@leadcircle/shared';
import { LEGAL_LAST_UPDATED, type LegalText } from './legal-document';

// The /faq page: the questions new members ask, answered from what the product does.

export function faq(supportEmail: string): LegalText {
  const contact = supportEmail || 'the support address shown under Help';
  return {
    title: 'Frequently asked questions',
    lastUpdated: LEGAL_LAST_UPDATED,
    intro: [`Answers to the questions we hear most. Anything else: write to ${contact}.`],
    sections: [
      {
        heading: 'What is LeadCircle?',
        blocks: [
          'LeadCircle is where sales professionals exchange leads. You join private groups of people who sell to the same kind of customers, share the leads you cannot use yourself, rate the leads others share, and work opportunities together with the contacts you add to them.',
        ],
      },
      {
        heading: 'Who can join?',
        blocks: [
          `Anyone ${MINIMUM_AGE} or older who works in sales, alone or as part of a business. Sign up with your e-mail address, or with Google, Apple or LinkedIn.`,
        ],
      },
      {
        heading: 'How do groups work?',
        blocks: [
          'Every group is private. Whoever creates it chooses its name, a group password, the industry it targets and the product its members sell. Others join with the group name and password, or with an invitation link from a member. Only members see a group’s leads, members and messages.',
        ],
      },
      {
        heading: 'What does it cost?',
        blocks: [
          `$${SUBSCRIPTION_PRICE_PER_USER.toFixed(2)} per active user per month, billed monthly by card. You need a subscription to create or join groups. A business pays for all its users with one payment method; its admins see the invoices.`,
        ],
      },
      {
        heading: 'How are card payments handled?',
        blocks: [
          'By Stripe. Your card details go straight to Stripe and are never stored by LeadCircle. You can change your card at any time, and admins can download every invoice.',
        ],
      },
      {
        heading: 'How do I change my name, company, title or picture?',
        blocks: [
          `Open My Settings, then Profile information. Change the fields and choose SAVE. To change your picture choose Upload picture: a JPEG, PNG, WebP or GIF of up to ${AVATAR_MAX_MEGABYTES} MB. Until you add one, the first letter of your name is shown.`,
        ],
      },
      {
        heading: 'How do I control the e-mails I get?',
        blocks: [
          'In My Settings, Notifications, turn e-mail notifications on or off. E-mails about your account itself, such as password resets and invitations, are always sent.',
        ],
      },
      {
        heading: 'I forgot my password.',
        blocks: [
          'On the sign-in page choose "I forgot my password" and enter your e-mail address. We send you a link to choose a new one; it is valid for one hour.',
        ],
      },
      {
        heading: 'How do I close my account?',
        blocks: [
          `In My Settings, Profile information, choose REQUEST ACCOUNT DELETION and confirm. This action can't be undone. You are signed out, nobody can sign in to the account any more, and your personal data stops being visible within ${CLOSED_ACCOUNT_INVISIBLE_HOURS} hours. Leads you shared stay in their groups, shown as added by "Deleted user".`,
        ],
      },
      {
        heading: 'Is there a mobile app?',
        blocks: ['Yes, for iPhone and Android. The Download app page has the store links and QR codes to scan.'],
      },
      {
        heading: 'How do I reach you?',
        blocks: [
          `Choose Send Feedback in the menu to tell us what works and what does not; we read every message. For help with your account, choose Help or write to ${contact}.`,
        ],
      },
    ],
  };
}
