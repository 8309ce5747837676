import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../common/text-field';
import { SecretField } from './secret-field';

export interface SecretTwice {
  secret: string;
  again: string;
}

export const emptySecretTwice: SecretTwice = { secret: '', again: '' };

/** Null when both entries agree, else the code the second field shows. */
export const secretTwiceError = ({ secret, again }: SecretTwice) =>
  secret === again ? null : 'secret-mismatch';

/**
 * A PIN or password chosen for someone, typed twice: a slip of a finger would otherwise lock
 * them out of an account nobody knows the secret of. `shown` gates the mismatch message to
 * after the first submit.
 */
export function SecretTwiceFields({
  value,
  onValueChange,
  shown,
  inputRef,
}: {
  value: SecretTwice;
  onValueChange(value: SecretTwice): void;
  shown: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SecretField
        value={value.secret}
        onValueChange={(secret) => onValueChange({ ...value, secret })}
        inputRef={inputRef}
      />
      <TextField
        label={t('team.secretAgain')}
        type="password"
        maxLength={128}
        dir="ltr"
        error={shown ? secretTwiceError(value) : null}
        value={value.again}
        onValueChange={(again) => onValueChange({ ...value, again })}
      />
    </>
  );
}
