import { LEAD_IMPORT_MAX_BYTES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo, type FakeAnswer, holdAnswers } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { playRealtimeEvents } from '../../../test/realtime-events';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { ImportDialog } from './import-dialog';
import { IMPORT_MESSAGES } from './import-text';
import { NO_NAME_REASON } from './mapping';
import { reviewedImport, testColumns, testImport, testRows } from './test-import';

waitPatientlyForScreens();
beforeEach(() => seedCurrentUser());

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
const uploaded = ok({ import: testImport, columns: testColumns });
const rowsAnswer = ok({ rows: testRows, totalCount: testRows.length });
const button = (name: string) => screen.getByRole('button', { name });
const csv = (name = 'leads.csv') => new File(['Given name,Surname\nZoë,Martín\n'], name, { type: 'text/csv' });
const choose = (file: File) => fireEvent.change(screen.getByLabelText('File of leads'), { target: { files: [file] } });
const fieldOf = (header: string) => screen.getByLabelText(`Import "${header}" as`);

function renderDialog() {
  const onClose = vi.fn();
  renderInApp(<ImportDialog groupId={4} onClose={onClose} />);
  return onClose;
}

/** Upload leads.csv and wait for the Match columns step. */
async function uploadFile() {
  choose(csv());
  await screen.findByLabelText('Import "Given name" as');
}

/** From the upload to the Review step. */
async function reachReview() {
  await uploadFile();
  fireEvent.click(button('NEXT'));
  await screen.findByText('1,940 new leads · 41 duplicates · 19 rows with errors');
}

// The dialog's steps load their parts on first use; on a busy machine a first render can take seconds.
const DIALOG_TEST = { timeout: 20_000 };

describe('the import dialog: Upload', DIALOG_TEST, () => {
  it('is a full-screen dialog with its four steps, the file chosen by a keyboard-operable button', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Import leads' });
    for (const step of ['Upload', 'Match columns', 'Review', 'Import']) {
      expect(within(dialog).getByText(step)).toBeInTheDocument();
    }
    expect(button('Choose a file')).toBeEnabled();
    expect(screen.getByLabelText('File of leads')).toHaveAttribute('accept', expect.stringContaining('.csv'));
  });

  it('refuses a wrong type or an absurd size before any upload, saying why', async () => {
    const calls = answerCalls({ '/api/lead/import/upload': uploaded });
    renderDialog();
    choose(new File(['x'], 'leads.xlsx'));
    expect(await screen.findByText(`leads.xlsx: ${IMPORT_MESSAGES.wrongType}`)).toBeInTheDocument();
    const huge = new File(['x'], 'huge.csv');
    Object.defineProperty(huge, 'size', { value: LEAD_IMPORT_MAX_BYTES + 1 });
    choose(huge);
    expect(await screen.findByText(`huge.csv: ${IMPORT_MESSAGES.tooLarge}`)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('uploads the file as multipart with the group, showing its progress, then each column with its first values', async () => {
    const { held, release } = holdAnswers();
    const calls = answerCalls({ '/api/lead/import/upload': { ...uploaded, after: held } });
    renderDialog();
    choose(csv());
    expect(await screen.findByText(/^Uploading leads\.csv \(1 KB\): 50%$/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading leads.csv' })).toHaveAttribute('aria-valuenow', '50');
    expect(button('Choose a file')).toBeDisabled();
    await release();
    await screen.findByLabelText('Import "Given name" as');
    // A multipart body with the group and the file (jsdom's FormData reaches Node's fetch without the file's
    // name and bytes: those the e2e test checks).
    const [sent] = bodiesSentTo(calls, '/api/lead/import/upload') as { group_id: string; file: File }[];
    expect(sent?.group_id).toBe('4');
    expect(sent?.file).toMatchObject({ type: 'text/csv' });

    expect(screen.getByRole('heading', { name: 'Step 2 of 4: Match columns' })).toHaveFocus();
    const table = screen.getByRole('table', { name: 'Columns of the file' });
    // (Twice: beside the header on a wide screen, under it on a phone.)
    expect(within(table).getAllByText('Zoë')[0]).toBeInTheDocument();
    expect(within(table).getAllByText('O’Neil')[0]).toBeInTheDocument();
    expect(fieldOf('Given name')).toHaveValue('FIRST_NAME');
    expect(fieldOf('Work mail')).toHaveValue('');
    expect(within(fieldOf('Work mail') as HTMLElement).getByRole('option', { name: "Don't import" })).toBeTruthy();
  });

  it("sends the upload again through the API's own call after a 401, which refreshes or ends the session", async () => {
    const expired = { status: 401, body: { message: 'Your session has expired.', code: 'UNAUTHORIZED' } };
    const calls = answerCalls({ '/api/lead/import/upload': [expired, uploaded] });
    renderDialog();
    choose(csv());
    await screen.findByLabelText('Import "Given name" as');
    expect(bodiesSentTo(calls, '/api/lead/import/upload')).toHaveLength(2);
  });

  it("shows the server's message when it refuses the file", async () => {
    answerCalls({
      '/api/lead/import/upload': { status: 400, body: { message: 'The file has no rows under its header.' } },
    });
    renderDialog();
    choose(csv());
    expect(await screen.findByText('The file has no rows under its header.')).toBeInTheDocument();
    expect(button('Choose a file')).toBeEnabled();
  });
});

describe('the import dialog: Match columns', DIALOG_TEST, () => {
  it('gives a field to one column only, and says which column let it go', async () => {
    answerCalls({ '/api/lead/import/upload': uploaded });
    renderDialog();
    await uploadFile();
    fireEvent.change(fieldOf('Work mail'), { target: { value: 'EMAIL' } });
    expect(fieldOf('Work mail')).toHaveValue('EMAIL');
    expect(fieldOf('E-mail')).toHaveValue('');
    expect(screen.getByText('Email now comes from "Work mail"; "E-mail" is no longer imported.')).toBeInTheDocument();
  });

  it('keeps NEXT disabled, with the reason shown, until a name is matched', async () => {
    answerCalls({ '/api/lead/import/upload': uploaded });
    renderDialog();
    await uploadFile();
    expect(button('NEXT')).toBeEnabled();
    fireEvent.change(fieldOf('Surname'), { target: { value: '' } });
    expect(button('NEXT')).toBeDisabled();
    expect(screen.getByText(NO_NAME_REASON)).toBeInTheDocument();
    expect(button('NEXT')).toHaveAccessibleDescription(NO_NAME_REASON);

    fireEvent.change(fieldOf('Organisation'), { target: { value: 'FULL_NAME' } });
    expect(button('NEXT')).toBeEnabled();
    expect(screen.queryByText(NO_NAME_REASON)).not.toBeInTheDocument();
  });

  it('sends the mapping for review, and shows the server refusing it by its message', async () => {
    const refusal = { message: 'Match a column to a name.', code: 'VALIDATION' };
    const calls = answerCalls({
      '/api/lead/import/upload': uploaded,
      '/api/lead/import/preview': { status: 400, body: refusal },
    });
    renderDialog();
    await uploadFile();
    fireEvent.change(fieldOf('Work mail'), { target: { value: 'NOTES' } });
    fireEvent.click(button('NEXT'));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/import/preview')).toEqual([
      {
        import_id: testImport.importId,
        mapping: [
          { index: 0, field: 'FIRST_NAME' },
          { index: 1, field: 'LAST_NAME' },
          { index: 2, field: 'EMAIL' },
          { index: 3, field: 'NOTES' },
          { index: 4, field: 'COMPANY' },
        ],
      },
    ]);
    expect(fieldOf('Work mail')).toHaveValue('NOTES');
  });
});

describe('the import dialog: Review and Import', DIALOG_TEST, () => {
  const answers = {
    '/api/lead/import/upload': uploaded,
    '/api/lead/import/preview': ok(reviewedImport),
    '/api/lead/import/rows': rowsAnswer,
  };

  it('sums up the rows and tells what each will become, filtered by kind', async () => {
    const calls = answerCalls(answers);
    renderDialog();
    await reachReview();
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    expect(await within(table).findByText('New lead')).toBeInTheDocument();
    expect(within(table).getByText('Duplicate of Andre Cote, submitted by Sam Lee (skipped)')).toBeInTheDocument();
    expect(within(table).getByText('Same as row 1 (skipped)')).toBeInTheDocument();
    expect(within(table).getByText('Given name: First name is required')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/import/rows')).toEqual([
      { import_id: testImport.importId, kind: 'ALL', start_position: 0, get_next: 50 },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Errors (19)' }));
    await waitFor(() => expect(bodiesSentTo(calls, '/api/lead/import/rows')).toHaveLength(2));
    expect(bodiesSentTo(calls, '/api/lead/import/rows')[1]).toMatchObject({ kind: 'ERROR', start_position: 0 });
    expect(screen.getByRole('button', { name: 'Errors (19)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('skips duplicates by default; importing them too is sent with START IMPORT', async () => {
    const calls = answerCalls({ ...answers, '/api/lead/import/start': ok({ ...reviewedImport, status: 'QUEUED' }) });
    renderDialog();
    await reachReview();
    expect(screen.getByRole('radio', { name: 'Skip duplicates' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Import duplicates too' }));
    expect(await screen.findByText('Same as row 1 (imported too)')).toBeInTheDocument();
    fireEvent.click(button('START IMPORT'));
    expect(await screen.findByLabelText('Import progress')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/import/start')).toEqual([
      { import_id: testImport.importId, duplicates: 'IMPORT' },
    ]);
  });

  it('shows a refused start by its message and stays on the review', async () => {
    const refusal = { message: 'Another import of this group is running.', code: 'LEAD_IMPORT_RUNNING' };
    answerCalls({ ...answers, '/api/lead/import/start': { status: 409, body: refusal } });
    renderDialog();
    await reachReview();
    fireEvent.click(button('START IMPORT'));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(button('START IMPORT')).toBeEnabled();
  });

  it('shows the progress live from the socket, then how many leads came in', async () => {
    const sendEvent = playRealtimeEvents();
    answerCalls({ ...answers, '/api/lead/import/start': ok({ ...reviewedImport, status: 'QUEUED' }) });
    const onClose = renderDialog();
    await reachReview();
    fireEvent.click(button('START IMPORT'));
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    const running = { ...reviewedImport, status: 'RUNNING', doneRows: 12_000, totalRows: 20_000 };
    await sendEvent('lead:import_progress', { groupId: 4, import: running });
    expect(screen.getByText('12,000 of 20,000 rows · 8,000 rows left')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    // Another import's progress is not this one's.
    await sendEvent('lead:import_progress', { groupId: 4, import: { ...running, importId: 99, doneRows: 1 } });
    expect(screen.getByText('12,000 of 20,000 rows · 8,000 rows left')).toBeInTheDocument();

    const done = { ...running, status: 'DONE', doneRows: 20_000, importedCount: 1940, skippedCount: 60 };
    await sendEvent('lead:import_progress', { groupId: 4, import: done });
    expect(screen.getByRole('heading', { name: '1,940 leads imported' })).toBeInTheDocument();
    const seeLeads = screen.getByRole('link', { name: 'SEE THE LEADS' });
    expect(seeLeads).toHaveAttribute('href', '/groups/4/leads');
    fireEvent.click(seeLeads);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows an import that ended before its progress step listened as done (asked for when the step shows)', async () => {
    const done = { ...reviewedImport, status: 'DONE', doneRows: 20_000, totalRows: 20_000, importedCount: 1940 };
    const calls = answerCalls({
      ...answers,
      '/api/lead/import/start': ok({ ...reviewedImport, status: 'QUEUED' }),
      '/api/lead/import/get': ok(done),
    });
    renderDialog();
    await reachReview();
    fireEvent.click(button('START IMPORT'));
    expect(await screen.findByRole('heading', { name: '1,940 leads imported' })).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/import/get')).toEqual([{ import_id: testImport.importId }]);
  });

  it('downloads the rows with errors from the errors address', async () => {
    const calls = answerCalls({ ...answers, '/api/lead/import/errors': ok('') });
    renderDialog();
    await reachReview();
    fireEvent.click(button('DOWNLOAD ROWS WITH ERRORS'));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/lead/import/errors'));
    const download = calls.find((call) => call.path === '/api/lead/import/errors');
    expect(download?.query).toBe(`?import_id=${testImport.importId}`);
    await waitFor(() => expect(button('DOWNLOAD ROWS WITH ERRORS')).toBeEnabled());
  });
});
