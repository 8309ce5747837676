import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreSettingsView } from '../../../shared/ipc-store';
import { ErrorNotice } from '../common/error-notice';
import { SaveOutcomeNotice, saveOutcomeOf, type SaveOutcome } from '../common/save-outcome';
import { SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { paydesk } from '../paydesk';
import type { IpcError } from '../../../shared/ipc';

interface Draft {
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
  tls: 'off' | 'verify-full';
  caPem: string;
  counterId: string;
  counterName: string;
}

const draftOf = (view: StoreSettingsView | null): Draft => ({
  host: view?.connection?.host ?? '',
  port: String(view?.connection?.port ?? 5432),
  database: view?.connection?.database ?? 'paydesk',
  user: view?.connection?.user ?? '',
  password: '',
  tls: view?.connection?.tls ?? 'verify-full',
  caPem: view?.connection?.caPem ?? '',
  counterId: view?.connection?.counterId ?? '',
  counterName: view?.connection?.counterName ?? '',
});

/**
 * Store mode in Settings (admin only): the store's PostgreSQL, this counter's id
 * and name, and the schema migrations. The password is write-only, like the gateway's.
 */
export function StoreSettings() {
  const { t } = useTranslation();
  const [view, setView] = useState<StoreSettingsView | null>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const [migrated, setMigrated] = useState<string | null>(null);
  const [migrateError, setMigrateError] = useState<IpcError | null>(null);

  useEffect(() => {
    void paydesk()
      .storeSettings({})
      .then((answer) => {
        if (!answer.ok) return;
        setView(answer.value);
        setDraft(draftOf(answer.value));
      });
  }, []);
  const edit = (changes: Partial<Draft>) => {
    setDraft({ ...draft, ...changes });
    setOutcome(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await paydesk().storeConfigure({
      connection: {
        host: draft.host.trim(),
        port: Number(draft.port),
        database: draft.database.trim(),
        user: draft.user.trim(),
        tls: draft.tls,
        ...(draft.caPem.trim() === '' ? {} : { caPem: draft.caPem }),
        counterId: draft.counterId.trim(),
        counterName: draft.counterName.trim(),
      },
      password: draft.password === '' ? null : draft.password,
    });
    setBusy(false);
    if (answer.ok) {
      setView(answer.value);
      setDraft(draftOf(answer.value));
    }
    setOutcome(saveOutcomeOf(answer));
  };

  const migrate = async () => {
    setBusy(true);
    const answer = await paydesk().storeMigrate({});
    setBusy(false);
    setMigrateError(answer.ok ? null : answer.error);
    setMigrated(answer.ok ? t('store.migrated', { version: answer.value.version }) : null);
  };

  return (
    <form className="settings-section" noValidate onSubmit={(event) => void save(event)}>
      <h2>{t('store.title')}</h2>
      <p className="hint">{t('store.intro')}</p>
      <p className="hint">{t('storeTraining')}</p>
      <div className="form-row">
        <TextField
          label={t('store.host')}
          fieldClassName="field-wide"
          dir="ltr"
          spellCheck={false}
          maxLength={253}
          value={draft.host}
          onValueChange={(host) => edit({ host })}
        />
        <TextField
          label={t('store.port')}
          inputMode="numeric"
          dir="ltr"
          maxLength={5}
          value={draft.port}
          onValueChange={(port) => edit({ port })}
        />
        <TextField
          label={t('store.database')}
          dir="ltr"
          spellCheck={false}
          maxLength={63}
          value={draft.database}
          onValueChange={(database) => edit({ database })}
        />
      </div>
      <div className="form-row">
        <TextField
          label={t('store.user')}
          dir="ltr"
          spellCheck={false}
          maxLength={63}
          value={draft.user}
          onValueChange={(user) => edit({ user })}
        />
        <TextField
          label={t('store.password')}
          hint={view?.passwordSet ? t('store.passwordKept') : undefined}
          type="password"
          autoComplete="off"
          maxLength={200}
          value={draft.password}
          onValueChange={(password) => edit({ password })}
        />
        <SelectField
          label={t('store.tls')}
          value={draft.tls}
          options={(['verify-full', 'off'] as const).map((tls) => ({
            value: tls,
            label: t(`store.tlsModes.${tls}`),
          }))}
          onValueChange={(tls) => edit({ tls })}
        />
      </div>
      {draft.tls === 'verify-full' ? (
        <TextField
          label={t('store.caPem')}
          hint={t('store.caPemHint')}
          fieldClassName="field-wide"
          dir="ltr"
          spellCheck={false}
          maxLength={20_000}
          value={draft.caPem}
          onValueChange={(caPem) => edit({ caPem })}
        />
      ) : null}
      <div className="form-row">
        <TextField
          label={t('store.counterId')}
          hint={t('store.counterIdHint')}
          dir="ltr"
          spellCheck={false}
          maxLength={32}
          value={draft.counterId}
          readOnly={view?.connection != null}
          onValueChange={(counterId) => edit({ counterId })}
        />
        <TextField
          label={t('store.counterName')}
          fieldClassName="field-wide"
          maxLength={64}
          value={draft.counterName}
          onValueChange={(counterName) => edit({ counterName })}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('common.working') : t('store.connect')}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || view?.connection == null}
          onClick={() => void migrate()}
        >
          {t('store.migrate')}
        </button>
      </div>
      <SaveOutcomeNotice outcome={outcome} savedText={t('store.saved')} />
      <div role="status">
        {migrated ? <p className="notice notice-success">{migrated}</p> : null}
      </div>
      {migrateError ? <ErrorNotice error={migrateError} /> : null}
    </form>
  );
}
