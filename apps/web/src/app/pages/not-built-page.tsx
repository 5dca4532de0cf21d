import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CenteredLayout } from '../../components/centered-layout';

const notBuiltText = 'This part of LeadCircle is not built yet';

/** An area a later issue builds; inside the shell for protected routes. */
export function NotBuiltPage({ title }: { title: string }) {
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info">{notBuiltText}</Alert>
    </Box>
  );
}

/** The same for public routes, which have no shell. */
export function PublicNotBuiltPage({ title }: { title: string }) {
  return (
    <CenteredLayout title={title} maxWidth="sm">
      <Alert severity="info">{notBuiltText}</Alert>
    </CenteredLayout>
  );
}
