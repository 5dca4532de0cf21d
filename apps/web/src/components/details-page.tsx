import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface DetailsPageProps {
  /** Where the back button goes, and its name ('Back to leads'). */
  backTo: string;
  backLabel: string;
  title: string;
  /** The buttons beside the title (EDIT). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A details page (a lead's, a contact's): back button, the title, its actions, then the content. */
export function DetailsPage({ backTo, backLabel, title, actions, children }: DetailsPageProps) {
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Tooltip title={backLabel}>
          <IconButton component={Link} to={backTo} aria-label={backLabel}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Box>
  );
}
