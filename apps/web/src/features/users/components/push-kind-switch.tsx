import { MESSAGES, type PushKind } from '@leadcircle/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useGetPushSwitchesQuery, useSetPushSwitchMutation } from '../push-api';

/** The kinds as the switches name them: "Push: New leads". */
export const PUSH_KIND_NAMES: Record<PushKind, string> = {
  NEW_LEAD: 'New leads',
  CHAT: 'Messages',
  EVENT: 'Events',
};

interface PushKindSwitchProps {
  kind: PushKind;
  /** Greyed out (its stored setting kept) while nothing of this kind can be pushed. */
  disabled: boolean;
  /** The id of the text that says why it is greyed out. */
  describedBy?: string;
}

/**
 * The push switch of one kind, for all the person's devices, shown "Push" in the Push column and named
 * "Push: <kind>". It turns at once and turns back if the change cannot be saved.
 */
export function PushKindSwitch({ kind, disabled, describedBy }: PushKindSwitchProps) {
  const notify = useNotify();
  const { data } = useGetPushSwitchesQuery();
  const [setSwitch] = useSetPushSwitchMutation();
  const enabled = data?.switches.find((s) => s.kind === kind)?.enabled;

  const toggle = async (on: boolean) => {
    try {
      await setSwitch({ kind, enabled: on }).unwrap();
      notify.success(MESSAGES.notificationsUpdated);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.notificationsUpdateFailed));
    }
  };

  return (
    <FormControlLabel
      sx={{ mr: 0 }}
      control={
        <Switch
          checked={enabled ?? false}
          disabled={disabled || enabled === undefined}
          onChange={(event) => void toggle(event.target.checked)}
          slotProps={{
            input: { 'aria-label': `Push: ${PUSH_KIND_NAMES[kind]}`, 'aria-describedby': describedBy },
          }}
        />
      }
      label="Push"
    />
  );
}
