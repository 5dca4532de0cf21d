import { ROUTES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredLayout } from '../../../components/centered-layout';
import { useClientConfig } from '../../../lib/client-config';

const QR_SIZE = 168;

function StoreCard({ platform, store, url }: { platform: string; store: string; url: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, textAlign: 'center', height: '100%' }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {platform}
      </Typography>
      {url ? (
        <>
          <Box sx={{ display: 'inline-flex', p: 1, bgcolor: '#fff', borderRadius: 1 }}>
            <QRCodeSVG value={url} size={QR_SIZE} level="M" title={`QR code: ${store} link`} role="img" />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 1.5 }}>
            Scan with your phone's camera
          </Typography>
          <Link href={url} target="_blank" rel="noopener noreferrer" variant="body1" sx={{ fontWeight: 600 }}>
            {store}
          </Link>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          The store link is not available right now.
        </Typography>
      )}
    </Paper>
  );
}

/** Download app, also where a business invite leads: 'Next step', QR codes and store links. */
export function DownloadAppPage({ children }: { children?: ReactNode }) {
  const { downloadApp } = useClientConfig();
  return (
    <CenteredLayout title="Next step" maxWidth="md">
      <Typography align="center" color="text.secondary" sx={{ mb: 3 }}>
        Get LeadCircle on your phone to follow your groups, leads and messages wherever you are.
      </Typography>
      {children}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <StoreCard platform="iPhone and iPad" store="Download on the App Store" url={downloadApp.iosUrl} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <StoreCard platform="Android" store="Get it on Google Play" url={downloadApp.androidUrl} />
        </Grid>
      </Grid>
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Button component={RouterLink} to={ROUTES.redirect}>
          Continue in the browser
        </Button>
      </Box>
    </CenteredLayout>
  );
}
