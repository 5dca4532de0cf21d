import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render-in-app';
import { DetailsPage } from './details-page';

describe('DetailsPage', () => {
  it('shows the back link, the title as the heading, the actions and the content', () => {
    renderInApp(
      <DetailsPage
        backTo="/opportunities/3/contacts"
        backLabel="Back to contacts"
        title="Lee Chen"
        actions={<Button>EDIT</Button>}
      >
        <p>The card</p>
      </DetailsPage>,
    );
    expect(screen.getByRole('link', { name: 'Back to contacts' })).toHaveAttribute('href', '/opportunities/3/contacts');
    expect(screen.getByRole('heading', { level: 1, name: 'Lee Chen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EDIT' })).toBeInTheDocument();
    expect(screen.getByText('The card')).toBeInTheDocument();
  });
});
