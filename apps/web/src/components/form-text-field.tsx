import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextInputField, type TextInputFieldProps } from './text-input-field';

type FormTextFieldProps<T extends FieldValues> = Pick<
  TextInputFieldProps,
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'disabled'
  | 'slotProps'
  | 'multiline'
  | 'rows'
  | 'placeholder'
  | 'help'
  | 'required'
> & {
  // biome-ignore lint/suspicious/noExplicitAny: the form's context and transformed values do not matter here.
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
};

/** A labelled text field bound to react-hook-form; the rule's message shows under it. */
export function FormTextField<T extends FieldValues>({ control, name, label, ...props }: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInputField {...props} {...field} label={label} error={fieldState.error?.message} />
      )}
    />
  );
}
