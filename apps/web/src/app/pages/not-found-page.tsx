import { ROUTES } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredLayout } from '../../components/centered-layout';

export function NotFoundPage() {
  return (
    <CenteredLayout>
      <Typography component="p" variant="h2" align="center" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography component="h1" variant="h5" align="center" gutterBottom>
        Page not found
      </Typography>
      <Button component={RouterLink} to={ROUTES.redirect} variant="contained" fullWidth sx={{ mt: 2 }}>
        Go Home
      </Button>
    </CenteredLayout>
  );
}
