import { formatCents, type GroupUser } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/api-error';
import { useMemberStatsQuery } from '../api';
import { MemberRating } from './member-rating';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={6}>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" aria-label={`${label}: ${value}`}>
        {value}
      </Typography>
    </Grid>
  );
}

interface MemberCardDialogProps {
  groupId: number;
  member: GroupUser;
  onClose: () => void;
}

/** A member's card: who they are, their rating, and their leads given, received and won in this group. */
export function MemberCardDialog({ groupId, member, onClose }: MemberCardDialogProps) {
  const titleId = useId();
  const stats = useMemberStatsQuery({ group_id: groupId, user_id: member.userId }, { refetchOnMountOrArgChange: true });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{member.fullName}</DialogTitle>
      <DialogContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 2 }}>
          <UserAvatar firstName={member.fullName} lastName="" src={member.avatarUrl} size={56} />
          <Stack sx={{ minWidth: 0 }}>
            {member.title && <Typography sx={{ overflowWrap: 'anywhere' }}>{member.title}</Typography>}
            {member.product && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {member.product}
              </Typography>
            )}
            <Typography variant="body2">
              Rating: <MemberRating rating={member.rating} parts={member.ratingParts} />
            </Typography>
          </Stack>
        </Stack>
        {stats.isError && (
          <Alert severity="error">{errorMessage(stats.error, 'The member could not be loaded.')}</Alert>
        )}
        {stats.isLoading && <CircularProgress size={28} aria-label="Loading" />}
        {stats.data && (
          <Grid container spacing={2} component="section" aria-label="Member stats">
            <Figure label="Leads given" value={String(stats.data.leadsGiven)} />
            <Figure label="Leads received" value={String(stats.data.leadsReceived)} />
            <Figure label="Won" value={String(stats.data.wonCount)} />
            <Figure label="Closed business" value={formatCents(stats.data.closedBusinessCents)} />
          </Grid>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
