import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../common/text-field';

/** An operator's PIN or password, the same field wherever one is typed or chosen. */
export function SecretField({
  value,
  onValueChange,
  inputRef,
  autoFocus,
}: {
  value: string;
  onValueChange(value: string): void;
  inputRef?: Ref<HTMLInputElement>;
  /** The sign-in with its operator chosen: the PIN is the one thing left to type. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('operators.secret')}
      hint={t('operators.secretHint')}
      type="password"
      maxLength={128}
      dir="ltr"
      inputRef={inputRef}
      autoFocus={autoFocus}
      data-autofocus={autoFocus ? true : undefined}
      value={value}
      onValueChange={onValueChange}
    />
  );
}
