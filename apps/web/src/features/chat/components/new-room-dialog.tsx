import type { ChatRoom, ChatUser } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { visuallyHidden } from '../../../components/visually-hidden';
import { errorMessage } from '../../../lib/api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useOpenDirectRoomMutation, useSearchPeopleQuery } from '../api';

interface NewRoomDialogProps {
  onClose: () => void;
  onOpened: (room: ChatRoom) => void;
}

/** NEW ROOM: find a person you share a group or business with by name, and open the conversation with them. */
export function NewRoomDialog({ onClose, onOpened }: NewRoomDialogProps) {
  const titleId = useId();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [name, setName] = useState('');
  const prefix = useDebouncedValue(name.trim());
  const people = useSearchPeopleQuery(prefix);
  const [openRoom, openState] = useOpenDirectRoomMutation();
  const [error, setError] = useState<string | null>(null);

  const choose = async (person: ChatUser) => {
    setError(null);
    try {
      onOpened(await openRoom(person.userId).unwrap());
    } catch (failure) {
      setError(errorMessage(failure, 'The conversation could not be opened.'));
    }
  };

  const users = people.data?.users ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" fullScreen={isPhone}>
      <DialogTitle id={titleId}>New conversation</DialogTitle>
      <DialogContent>
        <TextField
          label="Search people by name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          fullWidth
          autoFocus
          margin="dense"
          helperText="People you share a group or business with"
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
        {people.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(people.error, 'The search failed.')}
          </Alert>
        )}
        {people.isSuccess && users.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            Nobody found{prefix ? ` for “${prefix}”` : ''}.
          </Typography>
        )}
        <List aria-label="People">
          {users.map((person) => {
            const personName = `${person.firstName} ${person.lastName}`.trim();
            return (
              <ListItem key={person.userId} disablePadding>
                {/* Named by its text, "Message <name>": the picture beside the name is decorative. */}
                <ListItemButton onClick={() => void choose(person)} disabled={openState.isLoading}>
                  <ListItemAvatar>
                    <UserAvatar
                      firstName={person.firstName}
                      lastName={person.lastName}
                      src={person.avatarUrl}
                      isDecorative
                    />
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <>
                        <Box component="span" sx={visuallyHidden}>
                          Message{' '}
                        </Box>
                        {personName}
                      </>
                    }
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CANCEL</Button>
      </DialogActions>
    </Dialog>
  );
}
