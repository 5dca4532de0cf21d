import { GROUP_MESSAGES } from '@leadcircle/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { GroupLeadsPage } from './group-leads-page';

describe('GroupLeadsPage (spec 001 §2)', () => {
  it("shows the spec's empty state, with adding leads explained until the leads issue", () => {
    renderInApp(<GroupLeadsPage />);
    expect(screen.getByText(GROUP_MESSAGES.listEmpty)).toBeInTheDocument();
    expect(screen.getByText(GROUP_MESSAGES.leadsEmpty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD LEAD' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'CREATE LEAD' })).toBeDisabled();
    expect(screen.getByText(/not built yet/)).toBeInTheDocument();
  });
});
