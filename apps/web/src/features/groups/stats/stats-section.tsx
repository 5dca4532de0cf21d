import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/**
 * One part of the scoreboard: its title (and a button), the chart, and its numbers beside it (below it
 * on a phone, or when the table is wide).
 */
export function StatsSection(props: {
  title: string;
  chart: ReactNode;
  table: ReactNode;
  action?: ReactNode;
  wide?: boolean;
}) {
  const { title, chart, table, action, wide } = props;
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}
      >
        <Typography id={titleId} component="h2" variant="h6">
          {title}
        </Typography>
        {action}
      </Stack>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: wide ? 12 : 6 }} sx={{ minWidth: 0 }}>
          {chart}
        </Grid>
        <Grid size={{ xs: 12, md: wide ? 12 : 6 }} sx={{ minWidth: 0 }}>
          {table}
        </Grid>
      </Grid>
    </Paper>
  );
}
