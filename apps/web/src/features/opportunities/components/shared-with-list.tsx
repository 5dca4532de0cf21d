import type { OpportunityDetail } from '@leadcircle/shared';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { UserAvatar } from '../../../components/user-avatar';

interface SharedWithListProps {
  opportunity: OpportunityDetail;
  /** The owner's 'take the share back' action; absent, the list only reads. */
  onRemove?: (user: OpportunityDetail['users'][number]) => void;
}

/** 'Shared With (n)' and the people. */
export function SharedWithList({ opportunity, onRemove }: SharedWithListProps) {
  return (
    <section aria-label="Shared With">
      <Typography component="h2" variant="h6">
        Shared With ({opportunity.sharedCount})
      </Typography>
      {opportunity.users.length === 0 ? (
        <Typography color="text.secondary">Nobody yet.</Typography>
      ) : (
        <List dense>
          {opportunity.users.map((user) => (
            <ListItem
              key={user.userId}
              disableGutters
              secondaryAction={
                onRemove && (
                  <Tooltip title="Take the share back">
                    <IconButton edge="end" aria-label={`Remove ${user.fullName}`} onClick={() => onRemove(user)}>
                      <PersonRemoveIcon />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemAvatar>
                <UserAvatar firstName={user.fullName} lastName="" src={user.avatarUrl} />
              </ListItemAvatar>
              <ListItemText primary={user.fullName} secondary={user.email} />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
