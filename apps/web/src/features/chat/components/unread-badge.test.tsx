import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnreadBadge } from './unread-badge';

describe('UnreadBadge', () => {
  it('names and shows the count as every badge does: 99+ past 99, nothing at none', () => {
    const { rerender, container } = render(<UnreadBadge count={3} />);
    expect(screen.getByRole('status', { name: '3 unread' })).toHaveTextContent('3');
    rerender(<UnreadBadge count={150} />);
    expect(screen.getByRole('status', { name: '99+ unread' })).toHaveTextContent('99+');
    rerender(<UnreadBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
