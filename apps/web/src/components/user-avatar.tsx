import Avatar from '@mui/material/Avatar';

interface UserAvatarProps {
  firstName: string;
  lastName: string;
  /** The user's avatarUrl; null or missing shows the initial. */
  src?: string | null;
  size?: number;
  /** Beside the person's written name (inside a control named by it): hidden from screen readers. */
  isDecorative?: boolean;
}

/** A user's picture, or the initial letter of the first name when there is none. */
export function UserAvatar({ firstName, lastName, src, size = 40, isDecorative = false }: UserAvatarProps) {
  const name = `${firstName} ${lastName}`.trim();
  return (
    <Avatar
      src={src ?? undefined}
      alt={isDecorative ? '' : name}
      // The initial is a letter, not a picture: the name is its accessible label either way.
      {...(isDecorative ? { 'aria-hidden': true } : !src && { role: 'img', 'aria-label': name })}
      sx={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
    >
      {firstName.charAt(0).toUpperCase()}
    </Avatar>
  );
}
