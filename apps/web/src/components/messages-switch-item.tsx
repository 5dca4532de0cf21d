import { MESSAGES } from '@leadcircle/shared';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error';
import { useNotify } from './use-notify';

interface MessagesSwitchItemProps {
  /** The group's or opportunity's name. */
  name: string;
  /** What the switch covers, under the name: 'Messages' unless told. */
  covers?: string;
  /** The stored setting; undefined while it loads. */
  checked: boolean | undefined;
  saving: boolean;
  save(on: boolean): Promise<unknown>;
}

/** One 'Messages' switch in a list: it turns at once and turns back if the change cannot be saved. */
export function MessagesSwitchItem({ name, covers = 'Messages', checked, saving, save }: MessagesSwitchItemProps) {
  const notify = useNotify();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const toggle = async (on: boolean) => {
    setChosen(on);
    try {
      await save(on);
      notify.success(MESSAGES.notificationsUpdated);
    } catch (error) {
      setChosen(null);
      notify.error(errorMessage(error, MESSAGES.notificationsUpdateFailed));
    }
  };
  return (
    <ListItem
      divider
      secondaryAction={
        <Switch
          edge="end"
          checked={chosen ?? checked ?? false}
          disabled={checked === undefined || saving}
          onChange={(event) => void toggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Messages in ${name}` } }}
        />
      }
    >
      <ListItemText
        primary={name}
        secondary={covers}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        sx={{ pr: 4 }}
      />
    </ListItem>
  );
}
