import { useLayoutEffect, useRef } from 'react';
import type { FieldControlProps } from '../common/field';
import { caretAfterDigits, cardNumberDisplay, digitsBefore } from './card-input';

interface CardNumberInputProps extends FieldControlProps {
  value: string;
  onChange(display: string): void;
  onBlur(): void;
  ref(element: HTMLInputElement | null): void;
}

/**
 * The card number box: groups digits as the brand prints them while the operator types and
 * keeps the caret next to the digit being edited. The number lives only in the form's state.
 */
export function CardNumberInput({
  value,
  onChange,
  onBlur,
  ref,
  ...control
}: CardNumberInputProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || element !== document.activeElement) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  return (
    <input
      {...control}
      ref={(element) => {
        input.current = element;
        ref(element);
      }}
      className="input input-card"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      dir="ltr"
      value={value}
      onBlur={onBlur}
      onChange={(event) => {
        const raw = event.target.value;
        const display = cardNumberDisplay(raw);
        caret.current = caretAfterDigits(
          display,
          digitsBefore(raw, event.target.selectionStart ?? raw.length),
        );
        onChange(display);
      }}
    />
  );
}
