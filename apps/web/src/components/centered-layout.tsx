import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppLogo } from './app-logo';

interface CenteredLayoutProps {
  title?: string;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}

/** The page frame of the screens rendered without the app shell (sign in, sign up, 404, …). */
export function CenteredLayout({ title, children, footer, maxWidth = 'xs' }: CenteredLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Container component="main" maxWidth={maxWidth} sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 4 }}>
        <Paper sx={{ width: '100%', p: { xs: 3, sm: 4 } }} elevation={2}>
          <Box sx={{ textAlign: 'center', color: 'primary.main', mb: 2 }}>
            <AppLogo />
          </Box>
          {title && (
            <Typography component="h1" variant="h5" align="center" gutterBottom>
              {title}
            </Typography>
          )}
          {children}
        </Paper>
      </Container>
      {footer}
    </Box>
  );
}
