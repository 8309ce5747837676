import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { TextField } from '../common/text-field';
import { SecretField } from './secret-field';

export interface Credentials {
  operatorId: string;
  secret: string;
}

interface SignInFieldsProps {
  /** Sends the ID and secret; resolves with the failure to show, or null when accepted. */
  onSubmit(credentials: Credentials): Promise<IpcError | null>;
  submitLabel: string;
  /** Extra buttons (Cancel in the approval dialog). */
  children?: React.ReactNode;
}

/**
 * Operator ID, then PIN or password, then Enter: the keyboard-first form behind the lock
 * screen and the supervisor's approval. The secret is cleared after every try.
 */
export function SignInForm({ onSubmit, submitLabel, children }: SignInFieldsProps) {
  const { t } = useTranslation();
  const [operatorId, setOperatorId] = useState('');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const secretField = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const failure = await onSubmit({ operatorId: operatorId.trim(), secret });
    setBusy(false);
    setSecret('');
    setError(failure);
    // A wrong PIN is typed again at once: the ID stays, the cursor waits in the PIN field.
    if (failure) secretField.current?.focus();
  };

  return (
    <form className="sign-in-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('operators.operatorId')}
        autoFocus
        data-autofocus
        spellCheck={false}
        autoCapitalize="off"
        maxLength={32}
        dir="ltr"
        value={operatorId}
        onValueChange={setOperatorId}
      />
      <SecretField value={secret} onValueChange={setSecret} inputRef={secretField} />
      {error ? <ErrorNotice error={error} /> : null}
      <div className="button-row">
        {children}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('common.working') : submitLabel}
        </button>
      </div>
    </form>
  );
}
