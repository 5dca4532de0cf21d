import { OUTCOME_MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { RecordOutcomeDialog } from './record-outcome-dialog';

beforeEach(() => seedCurrentUser());

function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}
const save = () => screen.getByRole('button', { name: 'Save' });

describe('Record progress', () => {
  it('sends Won with its amount in dollars, and shows the server’s refusal in the dialog', async () => {
    const refusal =
      'Only the member this lead is assigned to, or the member who submitted it, can record its progress.';
    const calls = answerCalls({ '/api/lead/outcome/record': { status: 403, body: { message: refusal, code: 'X' } } });
    const onClose = vi.fn();
    renderInApp(<RecordOutcomeDialog leadId={31} onClose={onClose} />);
    expect(save()).toBeDisabled();
    choose('Stage', 'Won');
    const amount = screen.getByLabelText(/Amount/);
    fireEvent.change(amount, { target: { value: '12,000.505' } });
    fireEvent.blur(amount);
    expect(await screen.findByText(OUTCOME_MESSAGES.amountCents)).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '$12,000.50' } });
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/outcome/record')).toEqual([{ lead_id: 31, stage: 'WON', amount: 12000.5 }]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks Lost for a reason and sends it with the note; closes once saved', async () => {
    const timeline = { leadId: 31, outcome: null, canRecord: true, steps: [] };
    const calls = answerCalls({ '/api/lead/outcome/record': { status: 200, body: timeline } });
    const onClose = vi.fn();
    renderInApp(<RecordOutcomeDialog leadId={31} onClose={onClose} />);
    choose('Stage', 'Lost');
    expect(save()).toBeDisabled();
    choose('Reason', 'Chose a competitor');
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: '  Went with the incumbent.  ' } });
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSentTo(calls, '/api/lead/outcome/record')).toEqual([
      { lead_id: 31, stage: 'LOST', lost_reason: 'CHOSE_COMPETITOR', note: 'Went with the incumbent.' },
    ]);
  });
});
