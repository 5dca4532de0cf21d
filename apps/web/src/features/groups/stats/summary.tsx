import { formatCents } from '@leadcircle/shared';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatConversion } from './scoreboard';

export interface GroupTotals {
  leadsCount: number;
  wonCount: number;
  wonAmountCents: number;
  /** wonCount / leadsCount, 0–1; null while the group has no lead. */
  conversion: number | null;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 140px', minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h5" component="p" aria-label={`${label}: ${value}`} sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** The group's totals over all time: leads, won, business closed, conversion. */
export function StatsSummary({ totals }: { totals: GroupTotals }) {
  return (
    <Stack direction="row" component="section" aria-label="Group totals" sx={{ gap: 2, flexWrap: 'wrap' }}>
      <Figure label="Leads" value={String(totals.leadsCount)} />
      <Figure label="Won" value={String(totals.wonCount)} />
      <Figure label="Closed business" value={formatCents(totals.wonAmountCents)} />
      <Figure label="Conversion" value={formatConversion(totals.conversion)} />
    </Stack>
  );
}
