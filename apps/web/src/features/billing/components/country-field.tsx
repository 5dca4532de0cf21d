import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COUNTRIES } from '../countries';

interface CountryFieldProps {
  value: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  error?: string;
}

/** The billing country, US by default. */
export function CountryField({ value, onChange, onBlur, error }: CountryFieldProps) {
  return (
    <TextField
      select
      label="Country"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error !== undefined}
      helperText={error}
      fullWidth
      margin="normal"
      autoComplete="country"
    >
      {COUNTRIES.map((country) => (
        <MenuItem key={country.code} value={country.code}>
          {country.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
