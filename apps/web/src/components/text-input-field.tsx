import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, type Ref, useId } from 'react';

export type TextInputFieldProps = Pick<
  OutlinedInputProps,
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'disabled'
  | 'multiline'
  | 'rows'
  | 'name'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'placeholder'
> & {
  label: string;
  /** The rule's message, shown under the field, which is then marked invalid. */
  error?: string;
  /** Shown under the field while there is no error. */
  help?: ReactNode;
  /** Marks the label with an asterisk and the input as required. */
  required?: boolean;
  ref?: Ref<HTMLDivElement>;
  /** As TextField's: `input` goes to the input component, `htmlInput` to the <input> element. */
  slotProps?: { input?: Partial<OutlinedInputProps>; htmlInput?: InputBaseComponentProps };
};

/**
 * A labelled outlined text field, full width, with its message under it: what an outlined TextField
 * renders (FormControl, InputLabel, OutlinedInput, FormHelperText, the same ids and aria-describedby)
 * without TextField itself, which brings Select, Menu, Popover and Modal into every screen with a text
 * field, the sign-in screen's first load included.
 */
export function TextInputField({
  label,
  error,
  help,
  required,
  disabled,
  ref,
  slotProps,
  ...props
}: TextInputFieldProps) {
  const id = useId();
  const helperText = error ?? help;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      ref={ref}
      fullWidth
      margin="normal"
      variant="outlined"
      error={error !== undefined}
      disabled={disabled}
      required={required}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...props}
        id={id}
        label={label}
        aria-describedby={helperTextId}
        inputProps={slotProps?.htmlInput}
        {...slotProps?.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
