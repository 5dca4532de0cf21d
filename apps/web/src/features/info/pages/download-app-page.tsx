import { ROUTES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredLayout } from '../../../components/centered-layout';
import { useClientConfig } from '../../../lib/client-config';
import {
  installPrompt,
  isInstalled,
  isIosSafari,
  promptInstall,
  subscribeInstallPrompt,
} from '../../../lib/install-prompt';

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

/** Installing the web app: the browser's own offer, Safari's steps on an iPhone, or that it is installed. */
function InstallCard() {
  const offer = useSyncExternalStore(subscribeInstallPrompt, installPrompt, () => null);
  let content: ReactNode = null;
  if (isInstalled()) {
    content = <Typography>LeadCircle is installed on this device.</Typography>;
  } else if (offer) {
    content = (
      <>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Add LeadCircle to this device: it opens like an app, works offline with what you last saw, and can notify you
          of new leads and messages.
        </Typography>
        <Button variant="contained" onClick={() => void promptInstall()}>
          INSTALL LEADCIRCLE
        </Button>
      </>
    );
  } else if (isIosSafari()) {
    content = (
      <>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          Add LeadCircle to your home screen in Safari:
        </Typography>
        <Box component="ol" sx={{ textAlign: 'left', display: 'inline-block', m: 0, pl: 3 }}>
          <li>Tap the Share button at the bottom of the screen.</li>
          <li>Choose Add to Home Screen.</li>
          <li>Tap Add, then open LeadCircle from your home screen.</li>
        </Box>
      </>
    );
  }
  if (!content) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2.5, mb: 2, textAlign: 'center' }}>
      <Typography component="h2" variant="h6" gutterBottom>
        Install the app
      </Typography>
      {content}
    </Paper>
  );
}

/** Download app, also where a business invite leads: 'Next step', installing the web app, QR codes and store links. */
export function DownloadAppPage({ children }: { children?: ReactNode }) {
  const { downloadApp } = useClientConfig();
  return (
    <CenteredLayout title="Next step" maxWidth="md">
      <Typography align="center" color="text.secondary" sx={{ mb: 3 }}>
        Get LeadCircle on your phone to follow your groups, leads and messages wherever you are.
      </Typography>
      {children}
      <InstallCard />
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
