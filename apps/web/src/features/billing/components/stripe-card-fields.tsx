import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { CardCvcElement, CardExpiryElement, CardNumberElement } from '@stripe/react-stripe-js';
import type { StripeElementChangeEvent } from '@stripe/stripe-js';
import { type ComponentType, useId, useState } from 'react';

// Stripe Elements' card fields, framed like the outlined text fields around them.

interface StripeElementProps {
  options?: { style?: { base?: Record<string, unknown> } };
  onChange?: (event: StripeElementChangeEvent) => void;
}

function StripeField({ label, element: Element }: { label: string; element: ComponentType<StripeElementProps> }) {
  const theme = useTheme();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <FormControl fullWidth margin="normal" error={error !== null}>
      <InputLabel id={id} shrink sx={{ bgcolor: 'background.paper', px: 0.5 }}>
        {label}
      </InputLabel>
      <div
        style={{
          border: `1px solid ${error ? theme.palette.error.main : theme.palette.divider}`,
          borderRadius: theme.shape.borderRadius,
          padding: '16.5px 14px',
        }}
      >
        <Element
          options={{ style: { base: { fontSize: '16px', color: theme.palette.text.primary } } }}
          onChange={(event) => setError(event.error?.message ?? null)}
        />
      </div>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

export function StripeCardFields() {
  return (
    <>
      <StripeField label="Card number" element={CardNumberElement} />
      <Stack direction="row" spacing={2}>
        <StripeField label="Expiry date" element={CardExpiryElement} />
        <StripeField label="CVC" element={CardCvcElement} />
      </Stack>
    </>
  );
}
