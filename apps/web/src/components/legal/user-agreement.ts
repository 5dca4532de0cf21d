import { CLOSED_ACCOUNT_INVISIBLE_HOURS, MINIMUM_AGE, SUBSCRIPTION_PRICE_PER_USER } from '@leadcircle/shared';
import { LEGAL_LAST_UPDATED, type LegalText } from './legal-document';

// The User Agreement (terms of use): "User Agreement tab 1", /user-agreement and /terms.

export function userAgreement(supportEmail: string): LegalText {
  const contact = supportEmail || 'the support address shown under Help in the app';
  return {
    title: 'User Agreement',
    lastUpdated: LEGAL_LAST_UPDATED,
    intro: [
      'This User Agreement (the "Agreement") is a contract between you and LeadCircle ("LeadCircle", "we", "us") about your use of the LeadCircle web app and mobile apps (the "Service"). By creating an account or using the Service you accept this Agreement and our Privacy Policy. If you use the Service for a business, you accept it for that business too, and confirm that you may do so.',
    ],
    sections: [
      {
        heading: '1. Eligibility',
        blocks: [
          `You must be at least ${MINIMUM_AGE} years old and able to enter into a binding contract to use the Service. The Service is for professional use by sales professionals and businesses.`,
        ],
      },
      {
        heading: '2. Your account',
        blocks: [
          [
            'Give accurate information when you sign up and keep it up to date.',
            'Keep your password secret and do not share your account. You are responsible for what happens under your account.',
            `Tell us at once at ${contact} if you think someone else has used your account.`,
          ],
        ],
      },
      {
        heading: '3. Subscriptions and payment',
        blocks: [
          `Creating or joining groups requires a paid subscription. The subscription costs $${SUBSCRIPTION_PRICE_PER_USER.toFixed(2)} per active user per month, plus any taxes that apply, and is billed monthly in advance to the payment method of the business account. Card payments are processed by Stripe, Inc.`,
          [
            'The subscription renews automatically each month until it is cancelled. You can cancel at any time; it then ends at the close of the period already paid.',
            'Amounts already paid are not refunded, except where the law requires it.',
            'If a payment fails we may suspend the features that need a subscription until it is paid.',
            'We may change the price with at least 30 days’ notice; the new price applies from the next period after the notice.',
          ],
        ],
      },
      {
        heading: '4. Groups, leads and your content',
        blocks: [
          'Your content is what you add to the Service: leads, contacts, notes, ratings, comments, messages, opportunities, your profile and your picture. You keep all rights in your content. You give LeadCircle a worldwide, non-exclusive, royalty-free licence to store, copy, process and display your content only as needed to run the Service for you and for the people you share it with.',
          'When you share a lead or contact you promise that:',
          [
            'you obtained the information lawfully and may share it with the members of the group or opportunity;',
            'sharing it does not break any law, contract or confidentiality duty, including privacy, anti-spam and data protection laws;',
            'it is accurate to the best of your knowledge.',
          ],
          'Members of a group may use the leads shared in it for their own sales work, in line with this Agreement and the law. What is shared in a private group or opportunity stays within it: do not copy it outside the Service for any other purpose or share it with people who are not members.',
        ],
      },
      {
        heading: '5. Acceptable use',
        blocks: [
          'You agree not to:',
          [
            'send spam or unsolicited messages to the people in shared leads in breach of the law;',
            'upload anything unlawful, infringing, defamatory, harassing, or containing malware;',
            'collect data from the Service by scraping, bots or other automated means, except through features we provide;',
            'try to get into accounts, groups or data you are not allowed to see, or test, probe or break our security;',
            'interfere with the Service or put an unreasonable load on it;',
            'resell or sublicense the Service without our written agreement.',
          ],
        ],
      },
      {
        heading: '6. Our Service',
        blocks: [
          'LeadCircle and its software, design and trademarks belong to us and our licensors. Apart from the right to use the Service under this Agreement, you receive no rights in them. If you send us feedback, we may use it without any obligation to you.',
          'We work to keep the Service available and secure, but we may change, suspend or discontinue features. We will give reasonable notice of changes that materially reduce what a paid subscription includes.',
          'The Service links to and works with third-party services (such as Stripe, Google, Apple and LinkedIn). Their own terms apply to your use of them.',
        ],
      },
      {
        heading: '7. Closing your account',
        blocks: [
          `You can close your account at any time in My Settings, Profile, with REQUEST ACCOUNT DELETION. This action can't be undone. Your account is hidden at once and your personal data stops being visible within ${CLOSED_ACCOUNT_INVISIBLE_HOURS} hours, as the Privacy Policy describes. Leads you shared stay in their groups, attributed to "Deleted user".`,
          'We may suspend or close an account that breaks this Agreement or the law, or that puts other users or the Service at risk. Where reasonable we will tell you first and give you a chance to fix the problem.',
          'Sections 4 (licence for content already shared), 6, 8, 9, 10 and 11 continue after the Agreement ends.',
        ],
      },
      {
        heading: '8. Disclaimers',
        blocks: [
          'The Service is provided "as is" and "as available". To the extent the law allows, we disclaim all warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement. Leads and other content are provided by users; we do not check them and do not promise that they are accurate, complete or will lead to a sale.',
        ],
      },
      {
        heading: '9. Limitation of liability',
        blocks: [
          'To the extent the law allows, LeadCircle is not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue, data or business opportunities. Our total liability for any claim about the Service is limited to the amount you paid us in the twelve months before the claim arose, or $100 if that is more.',
          'Nothing in this Agreement limits liability that cannot be limited by law.',
        ],
      },
      {
        heading: '10. Indemnity',
        blocks: [
          'You will defend and hold harmless LeadCircle from claims by third parties arising from your content or from your breach of this Agreement or of the law, and pay the resulting reasonable costs and damages.',
        ],
      },
      {
        heading: '11. General terms',
        blocks: [
          [
            'Changes: we may update this Agreement. We will tell you of significant changes by e-mail or in the app at least 30 days before they take effect; if you keep using the Service afterwards, the new Agreement applies.',
            'Governing law: this Agreement is governed by the laws of the State of Delaware, United States, without regard to its conflict-of-law rules, except where the law of your country of residence gives you rights that cannot be waived.',
            'If part of this Agreement cannot be enforced, the rest stays in force. Not enforcing a right is not a waiver of it.',
            'You may not transfer this Agreement without our consent; we may transfer it as part of a merger, acquisition or sale of assets.',
            'This Agreement and the Privacy Policy are the whole agreement between you and LeadCircle about the Service.',
          ],
        ],
      },
      {
        heading: '12. Contact',
        blocks: [`Questions about this Agreement: ${contact}.`],
      },
    ],
  };
}
