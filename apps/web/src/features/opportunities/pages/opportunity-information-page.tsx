import { toAddressInput } from '@leadcircle/shared';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { addressText } from '../../../components/address-text';
import { PageSpinner } from '../../../components/page-spinner';
import { SharedWithList } from '../components/shared-with-list';
import { useOpportunity } from './opportunity-layout';

// Leaflet is its own chunk: the list never downloads it.
const LocationMap = lazy(() => import('../../../components/location-map').then((m) => ({ default: m.LocationMap })));

/** The Information tab: description, location address, a map and 'Shared With (n)'. */
export function OpportunityInformationPage() {
  const opportunity = useOpportunity();
  const location = addressText(toAddressInput(opportunity.address));
  const { latitude, longitude } = opportunity.address;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Stack>
              <Typography variant="overline" color="text.secondary">
                Description
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{opportunity.notes}</Typography>
            </Stack>
            <Stack>
              <Typography variant="overline" color="text.secondary">
                Location
              </Typography>
              <Typography>{location}</Typography>
            </Stack>
            <Stack>
              <Typography variant="overline" color="text.secondary">
                Owner
              </Typography>
              <Typography>{opportunity.createdByName}</Typography>
            </Stack>
            <SharedWithList opportunity={opportunity} />
          </Stack>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        {latitude !== null && longitude !== null ? (
          <Suspense fallback={<PageSpinner />}>
            <LocationMap latitude={latitude} longitude={longitude} label={location} />
          </Suspense>
        ) : (
          <Typography color="text.secondary">There is no map for this address.</Typography>
        )}
      </Grid>
    </Grid>
  );
}
