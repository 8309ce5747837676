import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import { formatDateTime } from '../../../shared/format/date-text';
import { ErrorNotice } from '../common/error-notice';
import { TextField } from '../common/text-field';
import { useLanguage } from '../i18n/use-language';
import type { RecentOperator } from './recent-operators';
import { SecretField } from './secret-field';

export interface Credentials {
  operatorId: string;
  secret: string;
}

interface SignInFieldsProps {
  /** Sends the ID and secret; resolves with the failure to show, or null when accepted. */
  onSubmit(credentials: Credentials): Promise<IpcError | null>;
  submitLabel: string;
  /** The operator already chosen (a button of the lock screen): only the PIN is typed. */
  operator?: RecentOperator | null;
  /** Extra buttons (Cancel in the approval dialog, Someone else on the lock screen). */
  children?: React.ReactNode;
}

/** What a refused try tells beyond its sentence: tries left, or when the lock ends. */
function TryFacts({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const triesLeft = error.params?.triesLeft;
  const lockedUntil = error.params?.lockedUntil;
  return (
    <>
      {typeof triesLeft === 'number' ? (
        <p className="sign-in-fact">{t('tillSignIn.triesLeft', { count: triesLeft })}</p>
      ) : null}
      {typeof lockedUntil === 'number' ? (
        <p className="sign-in-fact">
          {t('tillSignIn.lockedUntil')} <bdi dir="ltr">{formatDateTime(lockedUntil, language)}</bdi>
          . {t('tillSignIn.unlockSooner')}
        </p>
      ) : null}
    </>
  );
}

/**
 * Operator ID, then PIN or password, then Enter: the keyboard-first form behind the lock
 * screen and the supervisor's approval. With the operator chosen the ID is not typed at all,
 * so a PIN typed first can only land in the PIN field. The secret is cleared after every try.
 */
export function SignInForm({ onSubmit, submitLabel, operator, children }: SignInFieldsProps) {
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
    const failure = await onSubmit({
      operatorId: (operator?.operatorId ?? operatorId).trim(),
      secret,
    });
    setBusy(false);
    setSecret('');
    setError(failure);
    // A wrong PIN is typed again at once: the ID stays, the cursor waits in the PIN field.
    if (failure) secretField.current?.focus();
  };

  return (
    <form className="sign-in-form" noValidate onSubmit={(event) => void submit(event)}>
      {operator ? (
        <p className="sign-in-as">
          {t('tillSignIn.signingInAs')} <strong>{operator.displayName}</strong>{' '}
          <bdi dir="ltr">({operator.operatorId})</bdi>
        </p>
      ) : (
        <TextField
          label={t('operators.operatorId')}
          autoFocus
          data-autofocus
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          maxLength={32}
          dir="ltr"
          value={operatorId}
          onValueChange={setOperatorId}
        />
      )}
      <SecretField
        value={secret}
        onValueChange={setSecret}
        inputRef={secretField}
        autoFocus={Boolean(operator)}
      />
      {error ? (
        <ErrorNotice error={error}>
          <TryFacts error={error} />
        </ErrorNotice>
      ) : null}
      <div className="button-row">
        {children}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('common.working') : submitLabel}
        </button>
      </div>
    </form>
  );
}
