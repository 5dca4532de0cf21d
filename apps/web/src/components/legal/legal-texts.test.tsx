import { CLOSED_ACCOUNT_INVISIBLE_HOURS, MINIMUM_AGE } from '@leadcircle/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { faq } from './faq';
import { LegalDocument, type LegalText } from './legal-document';
import { privacyPolicy } from './privacy-policy';
import { userAgreement } from './user-agreement';

const SUPPORT = 'help@leadcircle.example';
const allText = (text: LegalText) =>
  [...text.intro, ...text.sections.flatMap((s) => [s.heading, ...s.blocks])].flat().join('\n');

describe('the privacy policy: provider, age, deletion and support address', () => {
  const text = allText(privacyPolicy(SUPPORT));

  it('names the card payment provider', () => {
    expect(text).toContain('Card payments are processed by Stripe, Inc. ("Stripe"), our card payment provider.');
  });

  it(`states the minimum age of ${MINIMUM_AGE}`, () => {
    expect(MINIMUM_AGE).toBe(18);
    expect(text).toContain('You must be at least 18 years old to create an account or use the Service.');
  });

  it(`says closed-account data stops being visible within ${CLOSED_ACCOUNT_INVISIBLE_HOURS} hours`, () => {
    expect(text).toContain('Within 24 hours your data stops being visible and your personal data is erased');
  });

  it('gives the support address to write to', () => {
    expect(text).toContain(SUPPORT);
  });
});

describe('the user agreement and the FAQ', () => {
  it('state the age, the price, the payment provider and the deletion warning', () => {
    const agreement = allText(userAgreement(SUPPORT));
    expect(agreement).toContain('You must be at least 18 years old');
    expect(agreement).toContain('$49.99 per active user per month');
    expect(agreement).toContain('Stripe');
    expect(agreement).toContain("This action can't be undone.");
    const questions = allText(faq(SUPPORT));
    expect(questions).toContain('within 24 hours');
    expect(questions).toContain('$49.99 per active user per month');
  });
});

describe('LegalDocument', () => {
  it('renders headed sections as text, with the support address as a mail link', () => {
    render(<LegalDocument text={privacyPolicy(SUPPORT)} />);
    expect(screen.getByRole('heading', { level: 2, name: '3. Card payments' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: SUPPORT })[0]).toHaveAttribute('href', `mailto:${SUPPORT}`);
    expect(screen.getByText(/^Last updated:/)).toBeInTheDocument();
  });
});
