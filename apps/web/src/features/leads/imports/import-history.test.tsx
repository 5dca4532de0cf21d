import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo, type FakeAnswer } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { rowOf } from '../../../test/table';
import { ImportHistory } from './import-history';
import { testImport } from './test-import';

waitPatientlyForScreens();
beforeEach(() => seedCurrentUser());

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
const done = {
  ...testImport,
  status: 'DONE' as const,
  newCount: 1940,
  duplicateCount: 41,
  errorCount: 19,
  importedCount: 1940,
  skippedCount: 60,
  doneRows: 2000,
  totalRows: 2000,
  canUndo: true,
};
// Another member's import: only they or the group's owner may undo it.
const theirs = { ...done, importId: 30, fileName: 'expo.csv', createdByName: 'Sam Lee', canUndo: false };
const undone = { ...done, status: 'UNDONE' as const, canUndo: false, undoneCount: 1900, keptCount: 40 };

describe("a group's import history", { timeout: 20_000 }, () => {
  it('lists who imported which file, its counts and status, with UNDO IMPORT where the caller may', async () => {
    const calls = answerCalls({ '/api/lead/import/list': ok({ imports: [done, theirs], totalCount: 2 }) });
    renderInApp(<ImportHistory groupId={4} />);
    expect(await screen.findByRole('heading', { name: 'Import history' })).toBeInTheDocument();
    expect(await screen.findByText('leads.csv')).toBeInTheDocument();
    const mine = rowOf('leads.csv');
    expect(within(mine).getByText('Dana Rivera')).toBeInTheDocument();
    expect(within(mine).getByText('1,940 new · 41 skipped · 19 errors')).toBeInTheDocument();
    expect(within(mine).getByText('Done')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Undo import of leads.csv' })).toBeInTheDocument();
    expect(within(rowOf('expo.csv')).queryByRole('button')).not.toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/import/list')[0]).toEqual({ group_id: 4, start_position: 0, get_next: 50 });
  });

  it('undoes an import after a confirmation, saying how many leads it removed and why it kept the others', async () => {
    const calls = answerCalls({
      '/api/lead/import/list': [ok({ imports: [done], totalCount: 1 }), ok({ imports: [undone], totalCount: 1 })],
      '/api/lead/import/undo': ok({
        import: undone,
        kept: [
          { reason: 'CHANGED', count: 25 },
          { reason: 'COMMENTED', count: 15 },
        ],
      }),
    });
    renderInApp(<ImportHistory groupId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Undo import of leads.csv' }));
    const confirm = screen.getByRole('dialog', { name: 'Undo the import of leads.csv?' });
    expect(bodiesSentTo(calls, '/api/lead/import/undo')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'UNDO IMPORT' }));

    expect(
      await screen.findByText('Removed 1,900 leads; kept 40 that members worked on (25 changed, 15 commented on).'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/import/undo')).toEqual([{ import_id: done.importId }]);
    expect(await screen.findByText('Undone: 1,900 removed, 40 kept')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Undo import/ })).not.toBeInTheDocument());
  });

  it('keeps a refused undo to its message and changes nothing', async () => {
    const refusal = { message: 'Only the member who ran the import or the group owner may undo it.' };
    answerCalls({
      '/api/lead/import/list': ok({ imports: [done], totalCount: 1 }),
      '/api/lead/import/undo': { status: 403, body: refusal },
    });
    renderInApp(<ImportHistory groupId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Undo import of leads.csv' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'UNDO IMPORT' }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Undo import of leads.csv' })).toBeInTheDocument();
  });
});
