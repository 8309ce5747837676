import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, SettingsView } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { TextField } from '../common/text-field';
import { useSettingsStore } from '../stores/settings-store';
import { CredentialsStatus } from './credentials-status';

type TestOutcome =
  { kind: 'passed'; saved: boolean } | { kind: 'failed'; error: IpcError; saved: boolean } | null;

/**
 * Write-only credentials behind Test connection: typed ones are saved only once a harmless
 * gateway call accepted them, so a wrong address or password never reads as configured. The
 * operator can replace them but never read them back; main answers with the last characters
 * of the public key only. Test connection alone proves the stored ones again.
 */
export function CredentialsForm({ view }: { view: SettingsView }) {
  const { t } = useTranslation();
  const [publicKey, setPublicKey] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome>(null);
  const disabled = !view.secureStorageAvailable;
  const training = view.settings.environment === 'training';
  const typed = publicKey.trim() !== '' && password !== '';

  const test = async (saving: boolean) => {
    setBusy(true);
    setOutcome(null);
    const answer = await useSettingsStore
      .getState()
      .testCredentials(
        saving ? { merchantPublicKey: publicKey.trim(), apiPassword: password } : null,
      );
    setBusy(false);
    // The password leaves this component's state whatever the answer.
    setPassword('');
    if (answer.ok && saving) setPublicKey('');
    setOutcome(
      answer.ok
        ? { kind: 'passed', saved: saving }
        : { kind: 'failed', error: answer.error, saved: saving },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed) void test(true);
  };

  return (
    <form className="settings-section" noValidate onSubmit={submit}>
      <h2>{t('settings.credentials')}</h2>
      <CredentialsStatus view={view} />
      <p className="field-hint">{t('settings.writeOnly')}</p>
      {training ? null : <p className="field-hint">{t('live.testHint')}</p>}
      <div className="form-row">
        <TextField
          label={t('settings.publicKey')}
          fieldClassName="field-wide"
          maxLength={100}
          spellCheck={false}
          dir="ltr"
          disabled={disabled}
          value={publicKey}
          onValueChange={setPublicKey}
        />
        <TextField
          label={t('settings.apiPassword')}
          fieldClassName="field-wide"
          type="password"
          maxLength={200}
          autoComplete="new-password"
          dir="ltr"
          disabled={disabled}
          value={password}
          onValueChange={setPassword}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button" disabled={disabled || busy || !typed}>
          {t('live.testAndSave')}
        </button>
        {view.credentialsConfigured && !training ? (
          <button
            type="button"
            className="button"
            disabled={disabled || busy}
            onClick={() => void test(false)}
          >
            {t('live.testConnection')}
          </button>
        ) : null}
      </div>
      <div role="status">
        {busy ? <p className="notice">{t('live.testing')}</p> : null}
        {outcome?.kind === 'passed' ? (
          <p className="notice notice-success">
            {outcome.saved ? t('live.testedAndSaved') : t('live.tested')}
          </p>
        ) : null}
      </div>
      {outcome?.kind === 'failed' ? (
        <ErrorNotice
          error={outcome.error}
          title={outcome.saved ? t('live.refused') : t('live.refusedStored')}
        />
      ) : null}
    </form>
  );
}
