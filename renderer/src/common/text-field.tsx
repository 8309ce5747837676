import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type FieldProps } from './field';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'children'
>;

interface TextFieldProps extends Omit<FieldProps, 'children' | 'className'>, InputAttributes {
  value: string;
  onValueChange(value: string): void;
  /** Class of the field wrapper (layout); `className` styles the input itself. */
  fieldClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled <input>: the Field wiring plus the box, for the many plain text inputs. */
export function TextField({
  label,
  aside,
  hint,
  hintPlacement,
  error,
  fieldClassName,
  className,
  value,
  onValueChange,
  inputRef,
  ...input
}: TextFieldProps) {
  return (
    <Field
      label={label}
      aside={aside}
      hint={hint}
      hintPlacement={hintPlacement}
      error={error}
      className={fieldClassName}
    >
      {(control) => (
        <input
          autoComplete="off"
          {...input}
          {...control}
          ref={inputRef}
          className={['input', className].filter(Boolean).join(' ')}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
