import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import { formatCardNumberInput, formatExpiryInput, type PaymentFormInput } from '../payment-form';

interface CardFieldProps {
  // biome-ignore lint/suspicious/noExplicitAny: the form's transformed output does not matter here.
  control: Control<PaymentFormInput, any, any>;
  name: 'cardNumber' | 'cardExpiry' | 'cardCvc';
  label: string;
  format?: (raw: string) => string;
  autoComplete: string;
  placeholder?: string;
  maxLength?: number;
}

function CardField({ control, name, label, format, autoComplete, placeholder, maxLength }: CardFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(event) => field.onChange(format ? format(event.target.value) : event.target.value)}
          label={label}
          placeholder={placeholder}
          autoComplete={autoComplete}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength } }}
        />
      )}
    />
  );
}

/** Card number, expiry and CVC, ours in place of Stripe Elements when billing runs on the local provider. */
export function LocalCardFields({ control }: { control: CardFieldProps['control'] }) {
  return (
    <>
      <CardField
        control={control}
        name="cardNumber"
        label="Card number"
        format={formatCardNumberInput}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
      />
      <Stack direction="row" spacing={2}>
        <CardField
          control={control}
          name="cardExpiry"
          label="Expiry date"
          format={formatExpiryInput}
          autoComplete="cc-exp"
          placeholder="MM / YY"
        />
        <CardField control={control} name="cardCvc" label="CVC" autoComplete="cc-csc" placeholder="123" maxLength={4} />
      </Stack>
    </>
  );
}
