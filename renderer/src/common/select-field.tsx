import type { Ref } from 'react';
import { Field, type FieldProps } from './field';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
  /** For options in another language than the page (language names). */
  lang?: string;
}

interface SelectFieldProps<T extends string> extends Omit<FieldProps, 'children' | 'className'> {
  value: T;
  options: readonly SelectOption<T>[];
  onValueChange(value: T): void;
  fieldClassName?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

/** A labelled <select> whose value is one of `options` (typed, no casts at call sites). */
export function SelectField<T extends string>({
  value,
  options,
  onValueChange,
  fieldClassName,
  selectRef,
  ...field
}: SelectFieldProps<T>) {
  return (
    <Field {...field} className={fieldClassName}>
      {(control) => (
        <select
          {...control}
          ref={selectRef}
          className="input select"
          value={value}
          onChange={(event) => {
            const chosen = options.find((option) => option.value === event.target.value);
            if (chosen) onValueChange(chosen.value);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Currency codes as options (codes read the same in every language). */
export const currencyOptions = <T extends string>(codes: readonly T[]): SelectOption<T>[] =>
  codes.map((code) => ({ value: code, label: code }));
