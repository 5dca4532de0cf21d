import { ROUTES } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { menuSectionsFor } from './menu-items';

const labels = (role: 'ADMIN' | 'SALES' | undefined) =>
  menuSectionsFor(role).map((section) => section.map((i) => i.label));

describe('menuSectionsFor', () => {
  it('lists the sales menu in its order: Activities; groups, opportunities, chat; settings, help, feedback; log out', () => {
    expect(labels('SALES')).toEqual([
      ['Activities'],
      ['Manage Groups', 'Manage Opportunities', 'Chat'],
      ['My Settings', 'Help', 'Send Feedback'],
      ['Log Out'],
    ]);
  });

  it('adds Manage Users, CRMs, Invoices and Territories for an admin', () => {
    expect(labels('ADMIN')).toContainEqual(['Manage Users', 'CRMs', 'Invoices', 'Territories']);
    expect(
      menuSectionsFor('ADMIN')
        .flat()
        .find((i) => i.label === 'Territories'),
    ).toMatchObject({
      to: ROUTES.manageTerritories,
    });
    expect(labels('SALES').flat()).not.toContain('Manage Users');
    expect(labels('SALES').flat()).not.toContain('Territories');
  });

  it('adds My territory after Chat for someone who covers a territory, admin or not', () => {
    for (const role of ['SALES', 'ADMIN'] as const) {
      const sections = menuSectionsFor(role, true, true);
      expect(sections.map((s) => s.map((i) => i.label))).toContainEqual([
        'Manage Groups',
        'Manage Opportunities',
        'Chat',
        'My territory',
      ]);
      expect(sections.flat().find((i) => i.label === 'My territory')).toMatchObject({ to: ROUTES.territory });
    }
    expect(
      menuSectionsFor('SALES', true)
        .flat()
        .map((i) => i.label),
    ).not.toContain('My territory');
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
