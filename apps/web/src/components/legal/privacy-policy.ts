import { CLOSED_ACCOUNT_INVISIBLE_HOURS, MINIMUM_AGE } from '@leadcircle/shared';
import { LEGAL_LAST_UPDATED, type LegalText } from './legal-document';

// The privacy policy: it names the card payment provider, the minimum age
// and the 24-hour rule for closed accounts; the numbers come from the shared constants.

export function privacyPolicy(supportEmail: string): LegalText {
  const contact = supportEmail || 'the support address shown under Help in the app';
  return {
    title: 'Privacy Policy',
    lastUpdated: LEGAL_LAST_UPDATED,
    intro: [
      'This Privacy Policy explains what personal data LeadCircle ("LeadCircle", "we", "us") collects when you use the LeadCircle web app and mobile apps (the "Service"), why we collect it, who we share it with, how long we keep it, and the choices and rights you have.',
      'LeadCircle is a tool for sales professionals and businesses who exchange leads in private groups, share opportunities, chat and follow activity. We act as the controller of the personal data described in this policy.',
    ],
    sections: [
      {
        heading: '1. Who may use LeadCircle',
        blocks: [
          `LeadCircle is a professional service for adults. You must be at least ${MINIMUM_AGE} years old to create an account or use the Service. We do not knowingly collect personal data from anyone under ${MINIMUM_AGE}. If you believe someone under ${MINIMUM_AGE} has given us personal data, write to ${contact} and we will delete it.`,
        ],
      },
      {
        heading: '2. The data we collect',
        blocks: [
          'Data you give us:',
          [
            'Account data: your first and last name, e-mail address and password (stored only as a one-way hash), and, if you add them, your company, job title and profile picture.',
            'Sign-in data from Google, Apple or LinkedIn when you choose to sign in with them: the name, e-mail address and account identifier that provider shares with us. We never receive your password for those services.',
            'Content you add to groups and opportunities: leads and contacts (names, titles, companies, phone numbers, e-mail addresses, LinkedIn addresses, postal addresses and notes), ratings, comments and chat messages.',
            'Billing data: the e-mail address, name on the card, country and ZIP code of your payment method, your subscription and your invoices.',
            'Feedback and support requests you send us, with the subject and message you write.',
            'Your settings, such as whether you want e-mail notifications.',
          ],
          'Data collected automatically:',
          [
            'Technical data needed to run and secure the Service: IP address, browser and device type, request times and the pages and calls you use, kept in server logs.',
            'Error reports: when something goes wrong in the app, a description of the error and of the last actions that led to it, so we can fix it.',
            'Local storage in your browser: the app keeps your sign-in tokens, your user id and your interface choices (such as a collapsed menu) on your device. We do not use advertising cookies or third-party tracking.',
          ],
        ],
      },
      {
        heading: '3. Card payments',
        blocks: [
          'Card payments are processed by Stripe, Inc. ("Stripe"), our card payment provider. Your card number, expiry date and security code are entered in fields provided by Stripe and go directly to Stripe; they never pass through or stay on LeadCircle servers. We receive from Stripe only a reference to your payment method, the card brand, the last four digits, the expiry date and the outcome of each payment.',
          "Stripe uses the data it receives under its own privacy policy, available at stripe.com/privacy, including to prevent fraud. The subscription is priced per user per month and is billed to the business account's payment method.",
        ],
      },
      {
        heading: '4. How we use your data',
        blocks: [
          [
            'To provide the Service: create and secure your account, sign you in, show your profile to the members of your groups and opportunities, and deliver leads, comments, messages and activity to the people you share them with.',
            'To bill subscriptions, issue invoices and keep the records the law requires.',
            'To send the e-mails the Service needs (account confirmation, password reset, invitations) and, if you turn them on, notification e-mails.',
            'To answer your feedback and support requests.',
            'To keep the Service safe: limit sign-in attempts, detect abuse and investigate errors.',
            'To improve the Service from aggregated usage and from the feedback you send.',
          ],
          'We process your data because it is necessary to perform our agreement with you (the User Agreement), to comply with legal obligations (such as tax and accounting rules), and for our legitimate interests in running a secure and useful service. Where we rely on your consent, such as for notification e-mails, you can withdraw it at any time in My Settings.',
          'We do not sell your personal data and we do not use it for advertising.',
        ],
      },
      {
        heading: '5. Who can see your data',
        blocks: [
          [
            'Members of the groups you join see your name, picture, title, company, the product you sell and the leads, ratings and messages you share in that group.',
            'People you share an opportunity with see that opportunity, its contacts and its messages.',
            "Admins of your business see your name, e-mail address, role and status in the business's user list, and the business's invoices.",
          ],
        ],
      },
      {
        heading: '6. Service providers we share data with',
        blocks: [
          'We share personal data only with providers that help us run the Service, under contracts that limit their use of it to that purpose:',
          [
            'Stripe, for card payments, subscriptions and invoices.',
            'Our hosting, database and file storage providers, which store the Service and its data.',
            'Our e-mail delivery provider, which sends the e-mails of the Service.',
            'Our error-reporting provider, which receives error reports from the app when it is enabled.',
            'Google, Apple and LinkedIn, only when you choose to sign in with them.',
          ],
          'We may also disclose data when the law requires it, to protect the rights, property or safety of our users or of LeadCircle, or as part of a merger or acquisition, in which case this policy continues to apply to your data.',
        ],
      },
      {
        heading: '7. How long we keep your data',
        blocks: [
          'We keep your data while your account is open.',
          `When you close your account (My Settings, Profile, REQUEST ACCOUNT DELETION), it is hidden at once: nobody can sign in to it and it no longer appears in the Service. Within ${CLOSED_ACCOUNT_INVISIBLE_HOURS} hours your data stops being visible and your personal data is erased: your name, e-mail address, company, title, password, profile picture, feedback and sign-in sessions. Leads you shared stay in their groups, shown as added by "Deleted user", because the other members rely on them.`,
          'Invoices and payment records are kept for as long as tax and accounting law requires (usually up to ten years), and server logs for up to 30 days. Backups are overwritten on a rolling schedule within 35 days.',
        ],
      },
      {
        heading: '8. Security',
        blocks: [
          'Connections to the Service are encrypted. Passwords are stored only as salted one-way hashes, sign-in links and tokens expire, and access to data is limited to the people who need it. Profile pictures are re-encoded when uploaded, which removes the location and camera data photos often carry. No system is perfectly secure: keep your password to yourself and tell us at once at ' +
            contact +
            ' if you think your account has been misused.',
        ],
      },
      {
        heading: '9. Your rights and choices',
        blocks: [
          'Depending on where you live, you have the right to access the personal data we hold about you, to correct it, to delete it, to receive it in a portable format, to object to or restrict certain processing, and to withdraw your consent. You can:',
          [
            'correct your name, company, title and picture at any time in My Settings, Profile;',
            'turn notification e-mails on or off in My Settings, Notifications;',
            'close your account in My Settings, Profile;',
            `write to ${contact} for anything else. We answer within 30 days.`,
          ],
          'You may also complain to your local data protection authority. California residents have the rights described above under the California Consumer Privacy Act; we do not sell or share personal information for cross-context behavioral advertising.',
        ],
      },
      {
        heading: '10. International transfers',
        blocks: [
          'LeadCircle is operated from the United States, and our providers may process data in other countries. Where the law requires it, we protect transfers with appropriate safeguards such as the European Commission’s Standard Contractual Clauses.',
        ],
      },
      {
        heading: '11. Changes to this policy',
        blocks: [
          'We may update this policy. When a change is significant we will tell you by e-mail or in the app before it takes effect. The date at the top shows when it last changed.',
        ],
      },
      {
        heading: '12. Contact',
        blocks: [`Questions about this policy or your data: ${contact}.`],
      },
    ],
  };
}
