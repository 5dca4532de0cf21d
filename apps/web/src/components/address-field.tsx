import {
  type AddressInput,
  addressInput,
  LEAD_MESSAGES,
  postalField,
  US_STATES,
  ZIP_CODE_LENGTH,
} from '@leadcircle/shared';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../lib/api-error';
import { useClientConfig } from '../lib/client-config';
import { loadScript } from '../lib/load-script';
import { useLazyLookupZipQuery } from './address-api';
import { addressText } from './address-text';
import {
  AUTOCOMPLETE_OPTIONS,
  type GoogleMapsPlaces,
  googleMapsScriptUrl,
  type PlacesAutocomplete,
  placeToAddress,
} from './google-place-address';

// The address entry: Google Places autocomplete (US establishments) when the
// server names a Maps key, otherwise a US address form whose ZIP code fills city, state and coordinates.

type AddressPart = 'street_one' | 'street_two' | 'city' | 'state_abbrv' | 'postal';

type PartMessages = Partial<Record<AddressPart, string>>;

// The parts' messages come from the shared address rule here: react-hook-form reports only an
// error of the address as a whole ('Address is required').
function partMessages(value: AddressInput | null): PartMessages {
  if (!value) return {};
  const result = addressInput.safeParse(value);
  const messages: PartMessages = {};
  for (const issue of result.error?.issues ?? []) {
    const part = issue.path[0] as AddressPart;
    messages[part] ??= issue.message;
  }
  return messages;
}

interface AddressFieldProps {
  /** null while nothing is entered ('Address is required'). */
  value: AddressInput | null;
  onChange: (value: AddressInput | null) => void;
  onBlur?: () => void;
  /** The message of the address as a whole ('Address is required'). */
  error?: string;
  disabled?: boolean;
  /** The fieldset's name: 'Address' unless the form calls it otherwise (the opportunity's Location). */
  label?: string;
}

export function AddressField(props: AddressFieldProps) {
  const { maps } = useClientConfig();
  const [googleFailed, setGoogleFailed] = useState(false);
  const legendId = useId();
  const hasGoogle = maps.googleMapsApiKey !== null && maps.googleMapsApiKey !== '' && !googleFailed;
  return (
    <Box component="fieldset" aria-labelledby={legendId} sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography id={legendId} component="legend" variant="subtitle2" sx={{ p: 0 }}>
        {props.label ?? 'Address'}
      </Typography>
      {hasGoogle ? (
        <GooglePlaceField {...props} apiKey={maps.googleMapsApiKey ?? ''} onUnavailable={() => setGoogleFailed(true)} />
      ) : (
        <UsAddressForm {...props} />
      )}
      {props.error && <FormHelperText error>{props.error}</FormHelperText>}
    </Box>
  );
}

const emptyAddress = {
  street_one: '',
  street_two: '',
  city: '',
  state_abbrv: '',
  postal: '',
  latitude: null,
  longitude: null,
  place_id: null,
} as unknown as AddressInput;

const textParts: AddressPart[] = ['street_one', 'street_two', 'city', 'state_abbrv', 'postal'];
const isBlank = (address: AddressInput) => textParts.every((part) => !(address[part] ?? '').toString().trim());
const stateOptions = Object.entries(US_STATES).sort(([, a], [, b]) => a.localeCompare(b));

/** Street, Street 2, ZIP code, City and State; a 5-digit ZIP code fills city, state and coordinates. */
function UsAddressForm({ value, onChange, onBlur, disabled }: AddressFieldProps) {
  const address = value ?? emptyAddress;
  const latest = useRef(address);
  latest.current = address;
  const [touched, setTouched] = useState<Partial<Record<AddressPart, boolean>>>({});
  const [zipMessage, setZipMessage] = useState<string | null>(null);
  const [lookupZip, lookup] = useLazyLookupZipQuery();

  const emit = (next: AddressInput) => {
    latest.current = next;
    onChange(isBlank(next) ? null : next);
  };

  const findZip = async (postal: string) => {
    const result = await lookupZip(postal, true);
    // The person may have typed on meanwhile.
    if ((latest.current.postal ?? '').trim() !== postal) return;
    if (result.data) {
      emit({
        ...latest.current,
        city: result.data.city,
        state_abbrv: result.data.stateAbbrv as AddressInput['state_abbrv'],
        latitude: result.data.latitude,
        longitude: result.data.longitude,
      });
    } else if (isApiError(result.error) && result.error.status === 404) {
      setZipMessage(LEAD_MESSAGES.zipNotFound);
    }
  };

  const change = (part: AddressPart) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const text = event.target.value;
    if (part !== 'postal') {
      emit({ ...latest.current, [part]: text });
      return;
    }
    // A new ZIP code: its coordinates come from the lookup (or the server, from the ZIP table).
    emit({ ...latest.current, postal: text, latitude: null, longitude: null, place_id: null });
    setZipMessage(null);
    const postal = text.trim();
    if (postalField.safeParse(postal).success) void findZip(postal);
  };

  const blur = (part: AddressPart) => () => {
    setTouched((current) => (current[part] ? current : { ...current, [part]: true }));
    onBlur?.();
  };

  const messages = partMessages(value);
  const messageOf = (part: AddressPart) => (touched[part] ? messages[part] : undefined);
  const field = (part: AddressPart, label: string) => ({
    label,
    value: address[part] ?? '',
    onChange: change(part),
    onBlur: blur(part),
    error: messageOf(part) !== undefined,
    helperText: messageOf(part),
    disabled,
    fullWidth: true,
    margin: 'dense' as const,
  });

  const zipHelp = zipMessage ?? messageOf('postal') ?? (lookup.isFetching ? 'Looking up the ZIP code…' : undefined);
  return (
    <>
      <TextField {...field('street_one', 'Street')} autoComplete="address-line1" />
      <TextField {...field('street_two', 'Street 2 (optional)')} autoComplete="address-line2" />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <TextField
          {...field('postal', 'ZIP code')}
          error={zipMessage !== null || messageOf('postal') !== undefined}
          helperText={zipHelp}
          autoComplete="postal-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: ZIP_CODE_LENGTH } }}
        />
        <TextField {...field('city', 'City')} autoComplete="address-level2" />
        <TextField
          {...field('state_abbrv', 'State')}
          select
          autoComplete="address-level1"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" />
          {stateOptions.map(([abbreviation, name]) => (
            <option key={abbreviation} value={abbreviation}>
              {name}
            </option>
          ))}
        </TextField>
      </Stack>
    </>
  );
}

/** Places Autocomplete over one input; the chosen place becomes the address. */
function GooglePlaceField({
  value,
  onChange,
  onBlur,
  disabled,
  apiKey,
  onUnavailable,
}: AddressFieldProps & { apiKey: string; onUnavailable: () => void }) {
  const input = useRef<HTMLInputElement | null>(null);
  const chosen = value ? addressText(value) : '';
  const [text, setText] = useState(chosen);
  const latest = useRef({ onChange, onUnavailable });
  latest.current = { onChange, onUnavailable };

  useEffect(() => {
    let autocomplete: PlacesAutocomplete | undefined;
    let google: GoogleMapsPlaces | undefined;
    let isCancelled = false;
    loadScript(googleMapsScriptUrl(apiKey))
      .then(() => {
        google = (window as unknown as { google?: GoogleMapsPlaces }).google;
        if (isCancelled || !input.current) return;
        if (!google?.maps?.places) throw new Error('the Places library did not load');
        const instance = new google.maps.places.Autocomplete(input.current, AUTOCOMPLETE_OPTIONS);
        autocomplete = instance;
        instance.addListener('place_changed', () => {
          const place = instance.getPlace();
          setText(place.name ?? place.formatted_address ?? '');
          latest.current.onChange(placeToAddress(place));
        });
      })
      .catch(() => {
        if (!isCancelled) latest.current.onUnavailable();
      });
    return () => {
      isCancelled = true;
      if (autocomplete && google) google.maps.event.clearInstanceListeners(autocomplete);
    };
  }, [apiKey]);

  const partMessage = Object.values(partMessages(value))[0];
  return (
    <TextField
      inputRef={input}
      label="Search for a place"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (event.target.value.trim() === '') onChange(null);
      }}
      onBlur={onBlur}
      disabled={disabled}
      error={partMessage !== undefined}
      helperText={partMessage ?? (chosen || undefined)}
      fullWidth
      margin="dense"
    />
  );
}
