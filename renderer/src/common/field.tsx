import { useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../i18n/error-text';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export interface FieldProps {
  label: string;
  /** Extra text next to the label (e.g. the detected card brand); announced politely. */
  aside?: ReactNode;
  hint?: string;
  /**
   * Short hints (MM/YY, 3 digits) sit beside the label; longer ones under the control;
   * `hidden` keeps a hint for screen readers only (the control shows it as a placeholder).
   */
  hintPlacement?: 'inline' | 'below' | 'hidden';
  /** Error code to show under the control, already gated on blur / submit by the caller. */
  error?: string | null;
  className?: string;
  /** Renders the control with the ids that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactElement;
}

/**
 * A labelled form control: a real <label for>, a hint and an inline translated error that
 * screen readers read with the control (aria-describedby), so every input has a name.
 */
export function Field(props: FieldProps) {
  const { label, aside, hint, hintPlacement = 'below', error, className, children } = props;
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <div className="field-head">
        <label htmlFor={id}>{label}</label>
        {hint && hintPlacement !== 'below' ? (
          <span
            className={hintPlacement === 'inline' ? 'field-hint' : 'visually-hidden'}
            id={hintId}
          >
            {hint}
          </span>
        ) : null}
        {aside ? (
          <span className="field-aside" aria-live="polite">
            {aside}
          </span>
        ) : null}
      </div>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint && hintPlacement === 'below' ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {t(`errors.${errorKey(error)}`)}
        </p>
      ) : null}
    </div>
  );
}
