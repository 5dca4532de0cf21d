import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageSpinner } from '../../../components/page-spinner';
import { type MapPoint, PointsMap } from '../../../components/points-map';
import { errorMessage } from '../../../lib/api-error';
import { useGetMyTerritoriesQuery } from '../api';

/** Territory: the person's territories on a map, with the leads of their groups inside them. */
export function MyTerritoryPage() {
  const mine = useGetMyTerritoriesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (mine.isLoading) return <PageSpinner />;
  if (mine.isError || !mine.data) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <Alert severity="error">{errorMessage(mine.error, 'Your territories could not be loaded.')}</Alert>
      </Box>
    );
  }
  const { territories, leads } = mine.data;
  const points: MapPoint[] = leads.flatMap((l) =>
    l.latitude !== null && l.longitude !== null
      ? [{ key: l.leadId, latitude: l.latitude, longitude: l.longitude, label: `${l.name}, ${l.company}` }]
      : [],
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        My territory
      </Typography>
      {territories.length === 0 ? (
        <Alert severity="info">You have no territory yet. Your admin assigns territories.</Alert>
      ) : (
        <Stack sx={{ gap: 2 }}>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} aria-label="Your territories" role="list">
            {territories.map((t) => (
              <Chip
                key={t.territoryId}
                role="listitem"
                label={`${t.name}: ${[...t.states, ...t.zipPrefixes.map((p) => `ZIP ${p}xx`)].join(', ')}`}
              />
            ))}
          </Stack>
          <PointsMap points={points} height={360} label="Territory map" />
          <Paper>
            <Typography component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
              Leads in your territory ({leads.length})
            </Typography>
            <List aria-label="Leads in your territory">
              {leads.map((l) => (
                <ListItem key={l.leadId} divider>
                  <ListItemText
                    primary={`${l.name} — ${l.company}`}
                    secondary={`${l.city}, ${l.stateAbbrv} ${l.postal}`}
                  />
                </ListItem>
              ))}
              {leads.length === 0 && (
                <ListItem>
                  <ListItemText primary="No leads of your groups are in your territory yet." />
                </ListItem>
              )}
            </List>
          </Paper>
        </Stack>
      )}
    </Box>
  );
}
