import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

function renderDialog(props: Partial<ComponentProps<typeof FormDialog>> = {}) {
  const onClose = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <FormDialog title="Rename fruit" submitLabel="Save" onSubmit={onSubmit} onClose={onClose} {...props}>
      <input aria-label="Fruit name" />
    </FormDialog>,
  );
  return { onClose, onSubmit };
}

const pressEscape = () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

describe('FormDialog', () => {
  it('is labelled by its title and submits its form', () => {
    const { onSubmit } = renderDialog({ description: 'Pick a new name.' });
    const dialog = screen.getByRole('dialog', { name: 'Rename fruit' });
    expect(dialog).toHaveTextContent('Pick a new name.');
    expect(screen.getByLabelText('Fruit name')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it("opened from a page's own form, submits its form only, not the page's", () => {
    const onPageSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onPageSubmit}>
        <FormDialog title="Rename fruit" submitLabel="Save" onSubmit={onSubmit} onClose={vi.fn()}>
          <input aria-label="Fruit name" />
        </FormDialog>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onPageSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's error", () => {
    renderDialog({ serverError: 'Rename fruit failed.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Rename fruit failed.');
  });

  it('disables submit when told to', () => {
    renderDialog({ submitDisabled: true });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('closes with Cancel and Escape', () => {
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open while busy: Cancel disabled, Escape ignored', () => {
    const { onClose } = renderDialog({ isBusy: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
  });
});
