import { useId } from 'react';

/** One setting that is on or off: its label beside the box, and a hint the box points to. */
export function CheckboxField(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const hintId = useId();
  return (
    <div className="field">
      <label className="checkbox-field">
        <input
          type="checkbox"
          aria-describedby={hintId}
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        {props.label}
      </label>
      <p id={hintId} className="field-hint">
        {props.hint}
      </p>
    </div>
  );
}
