import { ROUTES } from '@leadcircle/shared';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

// The footer of the sign-up screen.
export function LegalFooter() {
  return (
    <Stack component="footer" direction="row" spacing={3} sx={{ justifyContent: 'center', py: 2 }}>
      <Link component={RouterLink} to={ROUTES.userAgreement} variant="body2">
        User Agreement
      </Link>
      <Link component={RouterLink} to={ROUTES.privacyPolicy} variant="body2">
        Privacy Policy
      </Link>
    </Stack>
  );
}
