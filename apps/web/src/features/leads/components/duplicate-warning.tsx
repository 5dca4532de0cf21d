import { DUPLICATE_MATCH_LABELS, type LeadDuplicate, ROUTES, routePath } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { dateFormat } from '../../../lib/intl-format';

const formatDate = dateFormat({ dateStyle: 'medium' });

/** "Submitted by Olive Rivera on Nov 26, 2026; same E-mail, Phone". */
export function duplicateText(duplicate: LeadDuplicate): string {
  const matched = duplicate.matchedOn.map((kind) => DUPLICATE_MATCH_LABELS[kind]).join(', ');
  return `Submitted by ${duplicate.ownerName} on ${formatDate(new Date(duplicate.createdAt))}; same ${matched}`;
}

interface DuplicateWarningProps {
  groupId: number;
  duplicates: readonly LeadDuplicate[];
  /** Leaving the dialog for a duplicate's page. */
  onOpen: () => void;
}

/** The leads of the group this one may repeat: who submitted each and when, and a way to open it. */
export function DuplicateWarning({ groupId, duplicates, onOpen }: DuplicateWarningProps) {
  return (
    <Alert severity="warning" sx={{ mt: 1 }} role="status" aria-label="Possible duplicate">
      <AlertTitle>This lead may already be in the group</AlertTitle>
      <List dense disablePadding>
        {duplicates.map((duplicate) => (
          <ListItem key={duplicate.leadId} disableGutters sx={{ display: 'block' }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {`${duplicate.fullName} (${duplicate.company})`}
              </Typography>
              <Button
                size="small"
                component={Link}
                to={routePath(ROUTES.groupLead, { group_id: groupId, lead_id: duplicate.leadId })}
                onClick={onOpen}
                aria-label={`Open it: ${duplicate.fullName}`}
              >
                Open it
              </Button>
            </Stack>
            <Typography variant="body2">{duplicateText(duplicate)}</Typography>
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Open it to see it, or submit anyway if it is another person.
      </Typography>
    </Alert>
  );
}
