import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  environmentSchema,
  languageSchema,
  type Settings,
  type SettingsView,
} from '../../../shared/ipc';
import { currencies } from '../../../shared/money/currencies';
import { currencyOptions, SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { CheckboxField } from '../common/checkbox-field';
import { SaveOutcomeNotice, saveOutcomeOf, type SaveOutcome } from '../common/save-outcome';
import { OperatorsSettings } from '../operators/operators-settings';
import { useSessionStore } from '../operators/session-store';
import { useSettingsStore } from '../stores/settings-store';
import { CardCheckField } from './card-check-field';
import { CredentialsForm } from './credentials-form';
import { HoldFields } from './hold-fields';
import { MerchantCountryField } from './merchant-country-field';
import { StoreSettings } from '../store/store-settings';
import { PrintingFields } from './printing-fields';
import { SettingsProblems } from './settings-problems';
import { ReceiptHeaderFields } from './receipt-header-fields';
import { Screen } from '../common/screen';
import { useMayRestart } from '../common/update-banner';
import { AboutSection } from './about-section';

// Language and the update hold apply the moment they are chosen, so the form never saves them.
type Draft = Omit<Settings, 'language' | 'holdUpdates'>;

const draftOf = ({ language: _language, holdUpdates: _held, ...rest }: Settings): Draft => rest;

/**
 * Settings as the operator edits them. Language applies the moment it is chosen (the whole
 * UI switches, no restart); everything else is saved together with Save settings.
 */
function SettingsForm({ view }: { view: SettingsView }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view.settings));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const edit = (changes: Partial<Draft>) => {
    setDraft({ ...draft, ...changes });
    setOutcome(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const settings = useSettingsStore.getState();
    // The URL field shows only for a custom gateway: a hidden draft is not the operator's.
    const changes =
      draft.environment === 'custom'
        ? draft
        : { ...draft, customBaseUrl: view.settings.customBaseUrl };
    // Every problem at once: main's rules, then the form's own. A live receipt must say who
    // took the money, so the form asks for the merchant name before it saves a real gateway.
    const checked = await settings.check(changes);
    const found = [
      ...(checked.ok ? checked.value.problems : []),
      ...(draft.environment !== 'training' && draft.receiptHeader.merchantName.trim() === ''
        ? ['settings-merchant-name-required']
        : []),
    ];
    setProblems(found);
    if (found.length > 0) {
      setBusy(false);
      setOutcome(null);
      return;
    }
    const answer = await settings.update(changes);
    setBusy(false);
    if (answer.ok) setDraft(draftOf(answer.value.settings));
    setOutcome(saveOutcomeOf(answer));
  };

  return (
    <form className="settings-section" noValidate onSubmit={(event) => void save(event)}>
      <SelectField
        label={t('settings.language')}
        fieldClassName="field-language"
        value={view.settings.language}
        options={languageSchema.options.map((language) => ({
          value: language,
          label: t(`languages.${language}`),
          lang: language,
        }))}
        onValueChange={(language) => void useSettingsStore.getState().update({ language })}
      />
      <h2>{t('settings.gateway')}</h2>
      <div className="form-row">
        <SelectField
          label={t('settings.environment')}
          fieldClassName="field-wide"
          value={draft.environment}
          options={environmentSchema.options.map((environment) => ({
            value: environment,
            label: t(`settings.environments.${environment}`),
          }))}
          onValueChange={(environment) => edit({ environment })}
        />
        {draft.environment === 'custom' ? (
          <TextField
            label={t('settings.customUrl')}
            fieldClassName="field-wide"
            type="url"
            maxLength={300}
            placeholder="https://"
            dir="ltr"
            value={draft.customBaseUrl ?? ''}
            onValueChange={(url) => edit({ customBaseUrl: url || null })}
          />
        ) : null}
        <TextField
          label={t('settings.returnHost')}
          hint={t('settings.returnHostHint')}
          fieldClassName="field-wide"
          maxLength={253}
          spellCheck={false}
          dir="ltr"
          value={draft.returnHost}
          onValueChange={(returnHost) => edit({ returnHost })}
        />
      </div>
      <h2>{t('settings.sale')}</h2>
      <div className="form-row">
        <SelectField
          label={t('settings.defaultCurrency')}
          value={draft.defaultCurrency}
          options={currencyOptions(currencies)}
          onValueChange={(defaultCurrency) => edit({ defaultCurrency })}
        />
        <TextField
          label={t('settings.amountCap')}
          hint={t('settings.amountCapHint')}
          fieldClassName="field-wide"
          inputMode="decimal"
          maxLength={24}
          dir="ltr"
          value={draft.amountCap}
          onValueChange={(amountCap) => edit({ amountCap })}
        />
      </div>
      <MerchantCountryField
        country={draft.merchantCountry}
        onChange={(merchantCountry) => edit({ merchantCountry })}
      />
      <CardCheckField
        checkEarly={draft.checkCardEarly}
        onChange={(checkCardEarly) => edit({ checkCardEarly })}
      />
      <ReceiptHeaderFields
        header={draft.receiptHeader}
        onChange={(receiptHeader) => edit({ receiptHeader })}
      />
      <CheckboxField
        label={t('receipts.bilingual')}
        hint={t('receipts.bilingualHint')}
        checked={draft.bilingualReceipts}
        onChange={(bilingualReceipts) => edit({ bilingualReceipts })}
      />
      <PrintingFields printing={draft.printing} onChange={(printing) => edit({ printing })} />
      <HoldFields holds={draft.holds} onChange={(holds) => edit({ holds })} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('common.working') : t('settings.save')}
        </button>
      </div>
      {problems.length > 0 ? <SettingsProblems codes={problems} /> : null}
      <SaveOutcomeNotice outcome={outcome} savedText={t('settings.saved')} />
    </form>
  );
}

/** Settings: gateway, sales, receipt header, printing and the write-only credentials. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const view = useSettingsStore((s) => s.view);
  const mayRestart = useMayRestart();
  const session = useSessionStore((s) => s.state);
  // With operators on, only an admin changes settings (main refuses anyone else anyway).
  const mayEdit = !session?.operatorsEnabled || session.operator?.role === 'admin';
  return (
    <Screen id="settings-title" title={t('settings.title')} className="settings-screen">
      {view && mayEdit ? (
        <>
          <SettingsForm view={view} />
          <CredentialsForm view={view} />
          <StoreSettings />
        </>
      ) : null}
      {!view ? <p>{t('app.loading')}</p> : null}
      {session ? <OperatorsSettings state={session} /> : null}
      <AboutSection mayHold={Boolean(view) && mayEdit} mayRestart={mayRestart} />
    </Screen>
  );
}
