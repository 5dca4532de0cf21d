import { ROUTES } from '@leadcircle/shared';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppLogo } from '../../../components/app-logo';

const FOOTER_LINKS = [
  { label: 'User Agreement', to: ROUTES.userAgreement },
  { label: 'Privacy Policy', to: ROUTES.privacyPolicy },
  { label: 'FAQ', to: ROUTES.faq },
] as const;

/** The frame of the public information pages (FAQ, agreement, policy): readable by anyone, signed in or not. */
export function InfoLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" elevation={0}>
        <Toolbar>
          <AppLogo to={ROUTES.redirect} />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 3, md: 5 } }}>
        <Paper sx={{ p: { xs: 3, md: 5 } }}>
          <Typography component="h1" variant="h4" gutterBottom>
            {title}
          </Typography>
          {children}
        </Paper>
      </Container>
      <Box component="footer" sx={{ py: 3, textAlign: 'center' }}>
        <Stack direction="row" spacing={3} sx={{ justifyContent: 'center', mb: 1 }}>
          {FOOTER_LINKS.map((link) => (
            <Link key={link.to} component={RouterLink} to={link.to} variant="body2">
              {link.label}
            </Link>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} LeadCircle. All rights reserved.
        </Typography>
      </Box>
    </Box>
  );
}
