import Avatar from '@mui/material/Avatar';

/** A room's picture (the other person's for a direct room), or the initial of its name. */
export function RoomAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={name}
      {...(!src && { role: 'img', 'aria-label': name })}
      sx={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
    >
      {name.trim().charAt(0).toUpperCase() || '#'}
    </Avatar>
  );
}
