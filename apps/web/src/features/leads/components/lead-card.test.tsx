import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linkedinHref } from '../../../components/person/person-card';
import { renderInApp } from '../../../test/render-in-app';
import { LeadCard } from './lead-card';
import { ratingSummary } from './lead-rating';
import { testLead } from './test-lead';

describe('LeadCard: contact links, address, submitter and rating', () => {
  it('shows the contact info as links, the address and who submitted it', () => {
    renderInApp(<LeadCard lead={{ ...testLead, linkedin: 'linkedin.com/in/avery' }} />);
    expect(screen.getByRole('heading', { name: 'Avery Buyer' })).toBeInTheDocument();
    expect(screen.getByText('VP Sales @ Acme Corp')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(212) 555-0147' })).toHaveAttribute('href', 'tel:+12125550147');
    expect(screen.getByRole('link', { name: 'avery@acme.example' })).toHaveAttribute(
      'href',
      'mailto:avery@acme.example',
    );
    const linkedin = screen.getByRole('link', { name: 'linkedin.com/in/avery' });
    expect(linkedin).toHaveAttribute('href', 'https://linkedin.com/in/avery');
    expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('350 Fifth Avenue, New York, NY 10118')).toBeInTheDocument();
    expect(screen.getByText('Dana Rivera')).toBeInTheDocument();
  });

  it("shows the owner the members' rating read-only; another member rates", () => {
    const rated = { ...testLead, rating: { rating: 4.5, userRating: null, count: 2 } };
    const { unmount } = renderInApp(<LeadCard lead={rated} />);
    expect(screen.getByRole('img', { name: '4.5 Stars' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText('Average rating: 4.5 of 5, from 2 ratings')).toBeInTheDocument();
    unmount();

    renderInApp(<LeadCard lead={{ ...rated, isOwner: false, rating: { ...rated.rating, userRating: 4 } }} />);
    expect(screen.getByRole('radio', { name: '4 Stars' })).toBeChecked();
  });
});

describe('linkedinHref and ratingSummary', () => {
  it('makes a LinkedIn profile an https address', () => {
    expect(linkedinHref('www.linkedin.com/in/avery')).toBe('https://www.linkedin.com/in/avery');
    expect(linkedinHref('http://linkedin.com/in/avery')).toBe('https://linkedin.com/in/avery');
    expect(linkedinHref('https://linkedin.com/in/avery')).toBe('https://linkedin.com/in/avery');
  });

  it('says how many rated', () => {
    expect(ratingSummary({ rating: null, userRating: null, count: 0 })).toBe('No ratings yet');
    expect(ratingSummary({ rating: 4, userRating: null, count: 1 })).toBe('Average rating: 4 of 5, from 1 rating');
    expect(ratingSummary({ rating: 4.5, userRating: null, count: 2 })).toBe('Average rating: 4.5 of 5, from 2 ratings');
  });
});
