import { ROUTES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageOutlet } from '../../../components/page-outlet';

// The left menu of My settings: Profile information, Notifications, Privacy, Terms of Use,
// with the Privacy Policy and Terms of Use links beneath it.
const MENU = [
  { label: 'Profile information', to: ROUTES.myProfile },
  { label: 'Notifications', to: ROUTES.myNotifications },
  { label: 'Privacy', to: ROUTES.myPrivacyPolicy },
  { label: 'Terms of Use', to: ROUTES.myTermsOfUse },
] as const;

export function MySettingsLayout() {
  const { pathname } = useLocation();
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        My Settings
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
          <Paper variant="outlined">
            <List component="nav" aria-label="My settings menu">
              {MENU.map((item) => (
                <ListItemButton
                  key={item.to}
                  component={RouterLink}
                  to={item.to}
                  selected={pathname === item.to}
                  aria-current={pathname === item.to ? 'page' : undefined}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              ))}
            </List>
          </Paper>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 1.5 }}>
            <Link component={RouterLink} to={ROUTES.myPrivacyPolicy} variant="body2" color="text.secondary">
              Privacy Policy
            </Link>
            <Link component={RouterLink} to={ROUTES.myTermsOfUse} variant="body2" color="text.secondary">
              Terms of Use
            </Link>
          </Stack>
        </Box>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%', p: { xs: 2, md: 3 } }}>
          <PageOutlet />
        </Paper>
      </Stack>
    </Box>
  );
}
