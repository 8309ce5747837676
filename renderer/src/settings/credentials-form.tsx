import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../shared/ipc';
import { TextField } from '../common/text-field';
import { SaveOutcomeNotice, saveOutcomeOf, type SaveOutcome } from '../common/save-outcome';
import { useSettingsStore } from '../stores/settings-store';
import { GatewayBindingNotice } from './gateway-binding-notice';

/**
 * Write-only credentials: the operator can replace them but never read them back. Main
 * answers with "configured" and the last characters of the public key only.
 */
export function CredentialsForm({ view }: { view: SettingsView }) {
  const { t } = useTranslation();
  const [publicKey, setPublicKey] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const disabled = !view.secureStorageAvailable;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (publicKey.trim() === '' || password === '') return;
    setBusy(true);
    const answer = await useSettingsStore.getState().saveCredentials(publicKey.trim(), password);
    setBusy(false);
    // The password leaves this component's state whatever the answer.
    setPassword('');
    if (answer.ok) setPublicKey('');
    setOutcome(saveOutcomeOf(answer));
  };

  const status = view.credentialsConfigured
    ? view.keyHint
      ? t('settings.configured', { hint: view.keyHint })
      : t('settings.configuredNoHint')
    : t('settings.notConfigured');

  return (
    <form className="settings-section" noValidate onSubmit={(event) => void submit(event)}>
      <h2>{t('settings.credentials')}</h2>
      <p className={view.credentialsConfigured ? 'credentials-on' : 'credentials-off'}>{status}</p>
      <GatewayBindingNotice view={view} />
      <p className="field-hint">{t('settings.writeOnly')}</p>
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
        <button
          type="submit"
          className="button"
          disabled={disabled || busy || publicKey.trim() === '' || password === ''}
        >
          {busy ? t('common.working') : t('settings.saveCredentials')}
        </button>
      </div>
      <SaveOutcomeNotice outcome={outcome} savedText={t('settings.credentialsSaved')} />
    </form>
  );
}
