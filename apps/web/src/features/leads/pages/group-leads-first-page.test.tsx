import { ROUTES } from '@leadcircle/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { store } from '../../../core/store';
import { answerCalls } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { fetchFirstLeadsPage } from '../api';
import { testLead } from '../components/test-lead';
import { GroupLeadsPage, preloadLeadListToolbar } from './group-leads-page';

// The lead list as the first page: main.tsx asks for its first page of leads and, beside it, the toolbar's code.
// (A file of its own: once loaded, the toolbar stays loaded for the rest of a file's tests.)

const groupId = testLead.groupId;
const page = {
  status: 200,
  body: { leads: [testLead], totalCount: 1, totalCountCapped: false, nextCursor: null, previousCursor: null },
};

describe('the lead list as the first page', { timeout: 30_000 }, () => {
  it('with its leads and its toolbar in before it renders, shows the search and the rows in its first render', async () => {
    await seedCurrentUser();
    answerCalls({
      '/api/lead/list': page,
      '/api/lead/import/list': { status: 200, body: { imports: [], totalCount: 0 } },
    });
    await store.dispatch(fetchFirstLeadsPage(groupId));
    await preloadLeadListToolbar();

    renderInApp(<GroupLeadsPage />, { path: ROUTES.groupLeads, initialEntry: `/groups/${groupId}/leads` });
    // No spinner first: the toolbar and the rows are there at once.
    expect(screen.getByRole('searchbox', { name: 'Search leads' })).toBeInTheDocument();
    expect(screen.getByText(testLead.fullName)).toBeInTheDocument();
  });
});
