import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { TextField } from '../common/text-field';
import { paydesk } from '../paydesk';
import { useSessionStore } from './session-store';
import {
  emptySecretTwice,
  SecretTwiceFields,
  secretTwiceError,
  type SecretTwice,
} from './secret-twice';

/**
 * Switching operators on creates the first admin in the same form (and signs them in), so
 * there is never a moment with operators on and nobody able to manage them. The admin's
 * PIN is typed twice: nobody could reset a mistyped one.
 */
export function FirstAdminForm({ onCancel }: { onCancel?: () => void }) {
  const { t } = useTranslation();
  const [displayName, setDisplayName] = useState('');
  const [operatorId, setOperatorId] = useState('');
  const [secret, setSecret] = useState<SecretTwice>(emptySecretTwice);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (secretTwiceError(secret)) return;
    setBusy(true);
    const answer = await paydesk().operatorsEnable({
      displayName: displayName.trim(),
      operatorId: operatorId.trim(),
      secret: secret.secret,
    });
    setBusy(false);
    if (answer.ok) useSessionStore.getState().receive(answer.value);
    else setError(answer.error);
  };

  return (
    <form className="settings-section" noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('operators.firstAdminIntro')}</p>
      <div className="form-row">
        <TextField
          label={t('operators.displayName')}
          autoFocus
          maxLength={80}
          value={displayName}
          onValueChange={setDisplayName}
        />
        <TextField
          label={t('operators.operatorId')}
          hint={t('operators.operatorIdHint')}
          maxLength={32}
          spellCheck={false}
          dir="ltr"
          value={operatorId}
          onValueChange={setOperatorId}
        />
        <SecretTwiceFields value={secret} onValueChange={setSecret} shown={tried} />
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      <div className="button-row">
        {onCancel ? (
          <button type="button" className="button button-quiet" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('common.working') : t('operators.createFirstAdmin')}
        </button>
      </div>
    </form>
  );
}
