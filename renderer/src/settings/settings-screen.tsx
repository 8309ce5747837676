import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  environmentSchema,
  languageSchema,
  type Settings,
  type SettingsView,
} from '../../../shared/ipc';
import { currencies, type Currency } from '../../../shared/money/currencies';
import { Field } from '../common/field';
import { SaveOutcomeNotice, saveOutcomeOf, type SaveOutcome } from '../common/save-outcome';
import type { Language } from '../i18n/languages';
import { useSettingsStore } from '../stores/settings-store';
import { CredentialsForm } from './credentials-form';
import { ReceiptHeaderFields } from './receipt-header-fields';

type Draft = Omit<Settings, 'language'>;

const draftOf = ({ language: _language, ...rest }: Settings): Draft => rest;

/**
 * Settings as the operator edits them. Language applies the moment it is chosen (the whole
 * UI switches, no restart); everything else is saved together with Save settings.
 */
function SettingsForm({ view }: { view: SettingsView }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view.settings));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const edit = (changes: Partial<Draft>) => {
    setDraft({ ...draft, ...changes });
    setOutcome(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await useSettingsStore.getState().update(draft);
    setBusy(false);
    if (answer.ok) setDraft(draftOf(answer.value.settings));
    setOutcome(saveOutcomeOf(answer));
  };

  const chooseLanguage = (language: Language) => {
    void useSettingsStore.getState().update({ language });
  };

  return (
    <form className="settings-section" noValidate onSubmit={(event) => void save(event)}>
      <Field label={t('settings.language')} className="field-language">
        {(control) => (
          <select
            {...control}
            className="input select"
            value={view.settings.language}
            onChange={(event) => chooseLanguage(event.target.value as Language)}
          >
            {languageSchema.options.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <h2>{t('settings.gateway')}</h2>
      <div className="form-row">
        <Field label={t('settings.environment')} className="field-wide">
          {(control) => (
            <select
              {...control}
              className="input select"
              value={draft.environment}
              onChange={(event) =>
                edit({ environment: environmentSchema.parse(event.target.value) })
              }
            >
              {environmentSchema.options.map((environment) => (
                <option key={environment} value={environment}>
                  {t(`settings.environments.${environment}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.environment === 'custom' ? (
          <Field label={t('settings.customUrl')} className="field-wide">
            {(control) => (
              <input
                {...control}
                className="input"
                type="url"
                maxLength={300}
                placeholder="https://"
                dir="ltr"
                value={draft.customBaseUrl ?? ''}
                onChange={(event) => edit({ customBaseUrl: event.target.value || null })}
              />
            )}
          </Field>
        ) : null}
        <Field
          label={t('settings.returnHost')}
          hint={t('settings.returnHostHint')}
          className="field-wide"
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              maxLength={253}
              spellCheck={false}
              dir="ltr"
              value={draft.returnHost}
              onChange={(event) => edit({ returnHost: event.target.value })}
            />
          )}
        </Field>
      </div>
      <h2>{t('settings.sale')}</h2>
      <div className="form-row">
        <Field label={t('settings.defaultCurrency')}>
          {(control) => (
            <select
              {...control}
              className="input select"
              value={draft.defaultCurrency}
              onChange={(event) => edit({ defaultCurrency: event.target.value as Currency })}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('settings.amountCap')}
          hint={t('settings.amountCapHint')}
          className="field-wide"
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              inputMode="decimal"
              maxLength={24}
              dir="ltr"
              value={draft.amountCap}
              onChange={(event) => edit({ amountCap: event.target.value })}
            />
          )}
        </Field>
      </div>
      <ReceiptHeaderFields
        header={draft.receiptHeader}
        onChange={(receiptHeader) => edit({ receiptHeader })}
      />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('common.working') : t('settings.save')}
        </button>
      </div>
      <SaveOutcomeNotice outcome={outcome} savedText={t('settings.saved')} />
    </form>
  );
}

/** Settings: gateway, sales, receipt header and the write-only credentials. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const view = useSettingsStore((s) => s.view);
  const version = useSettingsStore((s) => s.info?.version);
  return (
    <section className="settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title" className="screen-title">
        {t('settings.title')}
      </h1>
      {view ? (
        <>
          <SettingsForm view={view} />
          <CredentialsForm view={view} />
        </>
      ) : (
        <p>{t('app.loading')}</p>
      )}
      {version ? <p className="app-version">{t('app.version', { version })}</p> : null}
    </section>
  );
}
