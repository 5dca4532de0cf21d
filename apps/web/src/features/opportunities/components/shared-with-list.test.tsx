import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { testOpportunityDetail } from '../../../test/test-opportunity';
import { SharedWithList } from './shared-with-list';

const milo = {
  userId: 5,
  fullName: 'Milo Chen',
  email: 'milo.chen@example.com',
  avatarUrl: null,
  sharedAt: '2026-11-22T10:00:00.000Z',
};
const sharedTwice = { ...testOpportunityDetail, sharedCount: 2, users: [...testOpportunityDetail.users, milo] };

describe('SharedWithList', { timeout: 20_000 }, () => {
  it('counts the people in its heading and names each with their e-mail, reading only', () => {
    renderInApp(<SharedWithList opportunity={sharedTwice} />);
    const list = within(screen.getByRole('region', { name: 'Shared With' }));
    expect(list.getByRole('heading', { name: 'Shared With (2)' })).toBeInTheDocument();
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Sam Leesam.lee@example.com'),
      expect.stringContaining('Milo Chenmilo.chen@example.com'),
    ]);
    expect(list.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers the owner to take each share back', () => {
    const onRemove = vi.fn();
    renderInApp(<SharedWithList opportunity={sharedTwice} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Milo Chen' }));
    expect(onRemove).toHaveBeenCalledWith(milo);
    expect(screen.getByRole('button', { name: 'Remove Sam Lee' })).toBeInTheDocument();
  });

  it('says Nobody yet before it is shared', () => {
    renderInApp(<SharedWithList opportunity={{ ...testOpportunityDetail, sharedCount: 0, users: [] }} />);
    expect(screen.getByRole('heading', { name: 'Shared With (0)' })).toBeInTheDocument();
    expect(screen.getByText('Nobody yet.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
