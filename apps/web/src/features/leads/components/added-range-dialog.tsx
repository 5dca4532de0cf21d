import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** Added between two days (either may be left open), both included. */
export default function AddedRangeDialog({
  from: initialFrom,
  to: initialTo,
  onClose,
  onApply,
}: {
  from: string;
  to: string;
  onClose: () => void;
  onApply: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const isBackwards = from !== '' && to !== '' && from > to;
  return (
    <Dialog open onClose={onClose} aria-labelledby="added-range-title">
      <DialogTitle id="added-range-title">Added between</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            label="From"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="To"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={isBackwards}
            helperText={isBackwards ? 'Must not be before From' : ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CANCEL</Button>
        <Button
          variant="contained"
          disabled={isBackwards || (from === '' && to === '')}
          onClick={() => onApply(from, to)}
        >
          APPLY
        </Button>
      </DialogActions>
    </Dialog>
  );
}
