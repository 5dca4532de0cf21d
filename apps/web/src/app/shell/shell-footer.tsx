import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function ShellFooter() {
  return (
    <Box component="footer" sx={{ py: 2, px: 3, textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} LeadCircle. All rights reserved.
      </Typography>
    </Box>
  );
}
