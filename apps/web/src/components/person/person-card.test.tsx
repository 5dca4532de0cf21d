import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render-in-app';
import { PersonCard } from './person-card';

const person = {
  firstName: 'Lee',
  lastName: 'Chen',
  fullName: 'Lee Chen',
  title: 'Store Manager',
  company: 'Bay Stores',
  phone: '2125550147',
  email: 'lee@bay.example',
  linkedin: 'http://linkedin.com/in/lee',
  notes: 'Prefers mornings',
};

describe('PersonCard', () => {
  it('shows the name, title @ company, the contact info as links and the notes', () => {
    renderInApp(<PersonCard person={person} label="Contact" />);
    expect(screen.getByRole('region', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lee Chen' })).toBeInTheDocument();
    expect(screen.getByText('Store Manager @ Bay Stores')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(212) 555-0147' })).toHaveAttribute('href', 'tel:+12125550147');
    expect(screen.getByRole('link', { name: 'lee@bay.example' })).toHaveAttribute('href', 'mailto:lee@bay.example');
    expect(screen.getByRole('link', { name: 'http://linkedin.com/in/lee' })).toHaveAttribute(
      'href',
      'https://linkedin.com/in/lee',
    );
    expect(screen.getByText('Prefers mornings')).toBeInTheDocument();
    expect(screen.queryByText('Address')).not.toBeInTheDocument();
  });

  it('leaves out the info a person lacks, and shows the address and more when given', () => {
    renderInApp(
      <PersonCard person={{ ...person, phone: null, linkedin: null, notes: null }} label="Lead" address="1 Main St">
        <p>Submitted by Dana</p>
      </PersonCard>,
    );
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.queryByText('LinkedIn')).not.toBeInTheDocument();
    expect(screen.queryByText('Notes')).not.toBeInTheDocument();
    expect(screen.getByText('Address')).toBeInTheDocument();
    expect(screen.getByText('1 Main St')).toBeInTheDocument();
    expect(screen.getByText('Submitted by Dana')).toBeInTheDocument();
  });
});
