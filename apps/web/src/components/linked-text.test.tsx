import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText, splitLinks } from './linked-text';

describe('splitLinks', () => {
  it('turns web addresses into links and leaves the rest as text', () => {
    expect(splitLinks('see https://example.com/a?b=1, or www.test.org.')).toEqual([
      { text: 'see ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ', or ' },
      { text: 'www.test.org', href: 'https://www.test.org' },
      { text: '.' },
    ]);
  });

  it('never links another scheme', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,x')).toEqual([
      { text: 'javascript:alert(1) data:text/html,x' },
    ]);
  });
});

describe('LinkedText', () => {
  it('shows markup as text', () => {
    const { container } = render(<LinkedText text={'<b>bold</b> https://a.example'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<b>bold</b>', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://a.example' })).toHaveAttribute('target', '_blank');
  });
});
