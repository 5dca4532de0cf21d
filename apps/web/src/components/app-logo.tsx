import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function AppLogo({ to }: { to?: string }) {
  const logo = (
    <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5, color: 'inherit' }}>
      LeadCircle
    </Typography>
  );
  return to ? (
    <RouterLink to={to} style={{ color: 'inherit', textDecoration: 'none' }}>
      {logo}
    </RouterLink>
  ) : (
    logo
  );
}
