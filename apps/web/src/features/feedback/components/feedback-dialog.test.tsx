import { FEEDBACK_MESSAGE_ROWS, MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { FeedbackDialog } from './feedback-dialog';

describe('FeedbackDialog: a subject and a message, both required', () => {
  it('asks for a subject and a message in a box of 8 rows', () => {
    renderInApp(<FeedbackDialog open onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Send Feedback' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toBeInTheDocument();
    const message = screen.getByLabelText('Message');
    expect(message.tagName).toBe('TEXTAREA');
    expect(message).toHaveAttribute('rows', String(FEEDBACK_MESSAGE_ROWS));
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('says what is missing when sent empty', async () => {
    renderInApp(<FeedbackDialog open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGES.feedbackSubjectRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.feedbackContentRequired)).toBeInTheDocument();
  });
});
