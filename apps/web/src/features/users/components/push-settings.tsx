import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import {
  deviceLabel,
  pushSupported,
  rememberDevice,
  startPush,
  stopPush,
  thisDeviceId,
} from '../../../lib/push-device';
import {
  useGetPushDevicesQuery,
  useGetPushPublicKeyMutation,
  useRemovePushDeviceMutation,
  useSubscribePushMutation,
} from '../push-api';

const REFUSED: Record<'unsupported' | 'denied' | 'failed', string> = {
  unsupported: 'This browser cannot show push notifications. On an iPhone, add LeadCircle to the home screen first.',
  denied: 'Notifications are blocked for LeadCircle in this browser’s settings.',
  failed: 'Push could not be turned on. Please try again.',
};

/**
 * My settings, Notifications: "Push on this device" (the browser asks its permission only when it is turned
 * on) and the person's devices with REMOVE. The push switch of each kind sits beside its e-mail control, above
 * (push-kind-switch.tsx). Push follows the e-mail switches too: what is not e-mailed is not pushed.
 */
export function PushSettings() {
  const notify = useNotify();
  const { data: devicesData } = useGetPushDevicesQuery();
  const [getPublicKey] = useGetPushPublicKeyMutation();
  const [subscribePush] = useSubscribePushMutation();
  const [removeDevice] = useRemovePushDeviceMutation();
  const [busy, setBusy] = useState(false);
  const [deviceId, setDeviceId] = useState(thisDeviceId);

  const devices = devicesData?.devices ?? [];
  const onHere = deviceId !== null && devices.some((d) => d.id === deviceId);

  const turnOn = async () => {
    const { publicKey } = await getPublicKey().unwrap();
    const started = await startPush(publicKey);
    if (!started.ok) {
      notify.error(REFUSED[started.reason]);
      return;
    }
    const device = await subscribePush({ ...started.subscription, label: deviceLabel() }).unwrap();
    rememberDevice(device.id);
    setDeviceId(device.id);
    notify.success('Push is on for this device.');
  };
  const turnOff = async () => {
    await stopPush().catch(() => undefined);
    if (deviceId !== null) await removeDevice(deviceId).unwrap();
    rememberDevice(null);
    setDeviceId(null);
    notify.success('Push is off for this device.');
  };
  const toggleHere = async (on: boolean) => {
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      notify.error(errorMessage(error, REFUSED.failed));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number) => {
    try {
      if (id === deviceId) await stopPush().catch(() => undefined);
      await removeDevice(id).unwrap();
      if (id === deviceId) {
        rememberDevice(null);
        setDeviceId(null);
      }
    } catch (error) {
      notify.error(errorMessage(error, 'The device could not be removed. Please try again.'));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography component="h3" variant="h6" gutterBottom>
        Push notifications
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={onHere}
            disabled={busy || !pushSupported()}
            onChange={(event) => void toggleHere(event.target.checked)}
          />
        }
        label="Push on this device"
      />
      <Typography variant="body2" color="text.secondary">
        A new lead, a message, a won deal or an invitation shows on this device within seconds, even with LeadCircle
        closed. Nothing is pushed while LeadCircle is open in front of you. What you have switched off for e-mail is not
        pushed either, and what a push brought you is not e-mailed as well (the daily digest still lists it).
      </Typography>
      <Typography component="h4" variant="subtitle1" sx={{ mt: 2 }}>
        My devices
      </Typography>
      {devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Push is not on for any of your devices.
        </Typography>
      ) : (
        <List dense aria-label="My devices">
          {devices.map((device) => (
            <ListItem
              key={device.id}
              disableGutters
              secondaryAction={
                <Button size="small" aria-label={`Remove ${device.label}`} onClick={() => void remove(device.id)}>
                  REMOVE
                </Button>
              }
            >
              <ListItemText
                primary={device.id === deviceId ? `${device.label} (this device)` : device.label}
                secondary={`Since ${new Date(device.createdAt).toLocaleDateString()}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
