import { BUSINESS_MESSAGES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { PageSpinner } from '../../../components/page-spinner';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useClientConfig } from '../../../lib/client-config';
import { useCheckCrmQuery } from '../api';

const CRM_OPTIONS = [
  { name: 'Salesforce', text: 'Send the leads your groups share to Salesforce as leads or contacts.' },
  { name: 'Hubspot', text: 'Send the leads your groups share to HubSpot as contacts.' },
] as const;

/** CRM integration (admin): whether one exists; if not, the options and a support dialog. */
export function CrmsPage() {
  const notify = useNotify();
  const { supportEmail } = useClientConfig();
  const crm = useCheckCrmQuery(undefined, { refetchOnMountOrArgChange: true });
  const [isSupportOpen, setIsSupportOpen] = useState(false);

  // Load failure: a toast with the server's message or 'Unknown error'.
  useEffect(() => {
    if (crm.isError) notify.error(errorMessage(crm.error, BUSINESS_MESSAGES.crmLoadFailed));
  }, [crm.isError, crm.error, notify]);

  if (crm.isLoading) return <PageSpinner />;
  const exists = crm.data?.integrationExists === true;

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {exists ? 'Your CRM integration is set up' : 'You have no CRM integration yet'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {exists
          ? 'Leads your groups share reach your CRM. Contact support to change it.'
          : 'Connect LeadCircle to your CRM: choose yours and our support team sets it up with you.'}
      </Typography>
      {!exists && (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          {CRM_OPTIONS.map((option) => (
            <Grid key={option.name} size={{ xs: 12, sm: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography component="h2" variant="h6">
                    {option.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {option.text}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <Button variant="contained" onClick={() => setIsSupportOpen(true)}>
        CONTACT SUPPORT
      </Button>
      <Dialog open={isSupportOpen} onClose={() => setIsSupportOpen(false)} aria-labelledby="crm-support-title">
        <DialogTitle id="crm-support-title">CRM integration support</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Write to <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> with the name of your CRM, and we set
            up the integration with you.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsSupportOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
