import { CHOSEN_UTC_TIME_ZONE, DEFAULT_TIME_ZONE, MESSAGES } from '@leadcircle/shared';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useNotify } from '../../../components/use-notify';
import { useUpdateTimeZoneMutation } from '../../../core/current-user-api';
import { errorMessage } from '../../../lib/api-error';

// UTC is one choice, shown as "UTC" and kept as Etc/UTC: the stored default 'UTC' means "never chosen".
const shownZone = (zone: string) => (zone === DEFAULT_TIME_ZONE ? CHOSEN_UTC_TIME_ZONE : zone);
const zoneLabel = (zone: string) => (zone === CHOSEN_UTC_TIME_ZONE ? 'UTC' : zone.replaceAll('_', ' '));

/** The browser's list of IANA zones, with UTC and the person's own. */
function zoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set([...known.map(shownZone), CHOSEN_UTC_TIME_ZONE, current]);
  return [...zones].sort((a, b) => zoneLabel(a).localeCompare(zoneLabel(b)));
}

/** The person's time zone: the daily digest arrives at 07:00 in it. Saved as soon as one is picked. */
export function TimeZoneField({ timeZone }: { timeZone: string }) {
  const notify = useNotify();
  const [update, { isLoading }] = useUpdateTimeZoneMutation();
  const current = shownZone(timeZone);
  const [chosen, setChosen] = useState<string | null>(null);
  const options = useMemo(() => zoneChoices(current), [current]);

  const save = async (zone: string) => {
    setChosen(zone);
    try {
      await update({ time_zone: zone }).unwrap();
      notify.success(MESSAGES.notificationsUpdated);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.notificationsUpdateFailed));
    }
    setChosen(null);
  };

  return (
    <Autocomplete
      options={options}
      value={chosen ?? current}
      getOptionLabel={zoneLabel}
      disableClearable
      disabled={isLoading}
      onChange={(_event, zone) => {
        if (zone !== current) void save(zone);
      }}
      sx={{ mt: 2, maxWidth: 420 }}
      renderInput={(params) => (
        <TextField {...params} label="Time zone" helperText="The daily digest arrives at 07:00 in this time zone." />
      )}
    />
  );
}
