import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkTabs, linkTabId, routeTabs } from './link-tabs';

const tabs = [
  { label: 'Leads', to: '/groups/3/leads' },
  { label: 'Users', to: '/groups/3/users' },
  { label: 'Stats', to: '/groups/3/stats' },
];

describe('LinkTabs', () => {
  it('is a named tab list of links, the shown one selected and the only one in the tab order', () => {
    render(
      <MemoryRouter>
        <LinkTabs label="Group sections" tabs={tabs} selected={1} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tablist', { name: 'Group sections' })).toBeInTheDocument();
    const users = screen.getByRole('tab', { name: 'Users', selected: true });
    expect(users).toHaveAttribute('href', '/groups/3/users');
    expect(users).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Leads', selected: false })).toHaveAttribute('tabindex', '-1');
  });

  it('moves between tabs with the arrow keys, Home and End, round the ends', () => {
    render(
      <MemoryRouter>
        <LinkTabs label="Group sections" tabs={tabs} selected={0} />
      </MemoryRouter>,
    );
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Leads').focus();
    fireEvent.keyDown(tab('Leads'), { key: 'ArrowRight' });
    expect(tab('Users')).toHaveFocus();
    fireEvent.keyDown(tab('Users'), { key: 'End' });
    expect(tab('Stats')).toHaveFocus();
    fireEvent.keyDown(tab('Stats'), { key: 'ArrowRight' });
    expect(tab('Leads')).toHaveFocus();
    fireEvent.keyDown(tab('Leads'), { key: 'ArrowLeft' });
    expect(tab('Stats')).toHaveFocus();
    fireEvent.keyDown(tab('Stats'), { key: 'Home' });
    expect(tab('Leads')).toHaveFocus();
  });

  it("names the panel it controls, and a page's sections are its routes with the page's parameters", () => {
    const sections = routeTabs(
      [
        { label: 'Leads', route: '/groups/:group_id/leads' },
        { label: 'Users', route: '/groups/:group_id/users' },
      ],
      { group_id: 3 },
    );
    expect(sections).toEqual(tabs.slice(0, 2));
    render(
      <MemoryRouter>
        <LinkTabs label="Group sections" tabs={sections} selected={0} panelId="group-panel" />
      </MemoryRouter>,
    );
    const leads = screen.getByRole('tab', { name: 'Leads' });
    expect(leads).toHaveAttribute('id', linkTabId('group-panel', 0));
    expect(leads).toHaveAttribute('aria-controls', 'group-panel');
  });
});
