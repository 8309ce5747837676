import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultLinkExpiryHours, linkExpiryChoices } from '../../../shared/link-rules';
import { capMinorOf } from '../../../shared/money/amount';
import { ErrorNotice } from '../common/error-notice';
import { SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { formatHours } from '../format/duration';
import { useLanguage } from '../i18n/use-language';
import { useLinkStore } from '../stores/link-store';
import { useSaleStore } from '../stores/sale-store';
import { useSettingsStore } from '../stores/settings-store';
import { showsErrorOnLeaving, type FieldWiring } from './field-wiring';
import { checkLinkForm, linkFieldOrder, type LinkField } from './link-form-check';
import { AmountFields, DetailFields } from './order-fields';
import { PayTotal } from './pay-total';
import { SaleModeChoice } from './sale-mode';
import { useStoreCallingCode } from './store-calling-code';

/**
 * The payment-link form: the sale's amount, currency, reference and phone (the same draft as
 * the card form, so switching keeps them), plus email, description, expiry and Authorize
 * only. Send creates the link at the gateway, which texts or emails it to the customer.
 */
export function LinkForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const draft = useSaleStore((s) => s.draft);
  const settings = useSettingsStore((s) => s.view?.settings);
  const action = useLinkStore((s) => s.action);
  const error = useLinkStore((s) => s.error);
  const [email, setEmail] = useState('');
  const [description, setDescription] = useState('');
  const [expiryHours, setExpiryHours] = useState<number>(defaultLinkExpiryHours);
  const [authorizeOnly, setAuthorizeOnly] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<LinkField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const fields = useRef(new Map<LinkField, HTMLElement>());

  const currency = draft.currency ?? settings?.defaultCurrency ?? 'SAR';
  const storeCallingCode = useStoreCallingCode();
  const phoneCountryCode = draft.phoneCountryCode ?? storeCallingCode;
  const values = {
    ...draft,
    currency,
    phoneCountryCode,
    email,
    description,
    expiryHours,
    authorizeOnly,
  };
  const check = checkLinkForm(values, capMinorOf(settings?.amountCap, currency));

  const wiring: FieldWiring<LinkField> = {
    register: (field) => (element) => {
      if (element) fields.current.set(field, element);
      else fields.current.delete(field);
    },
    errorOf: (field) => (submitted || touched.has(field) ? (check.errors[field] ?? null) : null),
    blurred: (field) => (event) => {
      if (showsErrorOnLeaving(fields.current.get(field), event))
        setTouched((before) => new Set(before).add(field));
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.request) {
      const first = linkFieldOrder.find((field) => check.errors[field]);
      if (first) fields.current.get(first)?.focus();
      return;
    }
    void useLinkStore.getState().create(check.request);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      useSaleStore.getState().startOver();
    }
  };

  const sending = action === 'creating';
  return (
    <form className="sale-form link-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <h1 className="screen-title">{t('links.formTitle')}</h1>
      <SaleModeChoice />
      <p className="form-help">{t('links.formHelp')}</p>
      {error ? <ErrorNotice error={error} /> : null}
      <AmountFields draft={draft} currency={currency} wiring={wiring} autoFocus />
      <DetailFields draft={values} wiring={wiring} contactRequired />
      <div className="form-row">
        <TextField
          label={t('links.email')}
          hint={t('links.contactHint')}
          error={wiring.errorOf('email')}
          inputRef={wiring.register('email')}
          type="email"
          maxLength={254}
          dir="ltr"
          value={email}
          onValueChange={setEmail}
          onBlur={wiring.blurred('email')}
        />
        <TextField
          label={t('links.description')}
          error={wiring.errorOf('description')}
          inputRef={wiring.register('description')}
          maxLength={200}
          value={description}
          onValueChange={setDescription}
          onBlur={wiring.blurred('description')}
        />
      </div>
      <div className="form-row">
        <SelectField
          label={t('links.expiry')}
          value={String(expiryHours)}
          options={linkExpiryChoices.map((hours) => ({
            value: String(hours),
            label: formatHours(hours, language),
          }))}
          onValueChange={(hours) => setExpiryHours(Number(hours))}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={authorizeOnly}
            onChange={(event) => setAuthorizeOnly(event.target.checked)}
          />
          {t('links.authorizeOnly')}
        </label>
      </div>
      <div className="pay-bar">
        <PayTotal amountMinor={check.amountMinor} currency={currency} />
        <button type="submit" className="button button-primary button-pay" disabled={sending}>
          {sending ? t('links.sending') : t('links.send')}
        </button>
      </div>
    </form>
  );
}
