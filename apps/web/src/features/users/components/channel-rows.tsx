import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

// What is sent, kind by kind, in two columns: the e-mail control(s) and, beside them, the push switch.
// From 600 px the columns sit side by side under "Email | Push"; narrower, each row's push switch sits
// under its e-mail part (the switch itself says "Push").

const COLUMNS = { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) 10rem' } as const;

/** The columns' headings (from 600 px) and the rows. `hint` (with `hintId`) says why push is greyed out. */
export function ChannelRows({ hint, hintId, children }: { hint?: string; hintId: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 3 }}>
      <Box aria-hidden sx={{ display: { xs: 'none', sm: 'grid' }, gridTemplateColumns: COLUMNS, columnGap: 3, mb: 1 }}>
        <Typography variant="overline" color="text.secondary">
          Email
        </Typography>
        <Typography variant="overline" color="text.secondary">
          Push
        </Typography>
      </Box>
      {hint && (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      )}
      {children}
      <Divider sx={{ mb: 2 }} />
    </Box>
  );
}

/** One kind, a group named after it (`label`): its e-mail part and its push switch. */
export function ChannelRow({ label, email, push }: { label: string; email: ReactNode; push: ReactNode }) {
  return (
    <>
      <Divider />
      <Box
        role="group"
        aria-label={label}
        sx={{ display: 'grid', gridTemplateColumns: COLUMNS, columnGap: 3, rowGap: 1, py: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>{email}</Box>
        <Box sx={{ alignSelf: 'start' }}>{push}</Box>
      </Box>
    </>
  );
}

/** The e-mail part of a kind that has no control of its own here: its name and what governs its e-mail. */
export function ChannelKind({ name, text }: { name: string; text: string }) {
  return (
    <>
      <Typography variant="subtitle1" component="p">
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </>
  );
}
