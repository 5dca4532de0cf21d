import { describe, expect, it } from 'vitest';
import { menuSectionsFor } from './menu-items';

const labels = (role: 'ADMIN' | 'SALES' | undefined) =>
  menuSectionsFor(role).map((section) => section.map((i) => i.label));

describe('menuSectionsFor', () => {
  it('lists the menu of spec 001 §2 in its order', () => {
    expect(labels('SALES')).toEqual([
      ['Activities'],
      ['Manage Groups', 'Manage Opportunities', 'Chat'],
      ['My Settings', 'Help', 'Send Feedback'],
      ['Log Out'],
    ]);
  });

  it('adds Manage Users, CRMs and Invoices for an admin', () => {
    expect(labels('ADMIN')).toContainEqual(['Manage Users', 'CRMs', 'Invoices']);
    expect(labels('SALES').flat()).not.toContain('Manage Users');
  });

  it('adds Invoices alone for a sales user with a business of their own (one who paid)', () => {
    const sections = menuSectionsFor('SALES', true).map((section) => section.map((i) => i.label));
    expect(sections).toContainEqual(['Invoices']);
    expect(sections.flat()).not.toContain('Manage Users');
    expect(labels('SALES').flat()).not.toContain('Invoices');
  });

  it('opens the Help and Feedback dialogs instead of pages', () => {
    const items = menuSectionsFor('SALES').flat();
    expect(items.find((i) => i.label === 'Help')).toMatchObject({ opens: 'help' });
    expect(items.find((i) => i.label === 'Send Feedback')).toMatchObject({ opens: 'feedback' });
  });
});
