import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

describe("UserAvatar: the picture, else the first name's initial", () => {
  it('shows the initial letter of the first name when there is no picture', () => {
    render(<UserAvatar firstName="dana" lastName="Rivera" src={null} />);
    const avatar = screen.getByRole('img', { name: 'dana Rivera' });
    expect(avatar).toHaveTextContent('D');
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('shows the picture when there is one', () => {
    render(<UserAvatar firstName="Dana" lastName="Rivera" src="/api/avatars/7/abc.webp" size={256} />);
    expect(screen.getByRole('img', { name: 'Dana Rivera' })).toHaveAttribute('src', '/api/avatars/7/abc.webp');
  });

  it('is hidden from screen readers beside the written name', () => {
    render(
      <button type="button">
        <UserAvatar firstName="Dana" lastName="Rivera" isDecorative />
        Dana Rivera
      </button>,
    );
    expect(screen.getByRole('button')).toHaveAccessibleName('Dana Rivera');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
