import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { consentText } from '../../../shared/card-consent';
import type { Language } from '../i18n/languages';
import { useSettingsStore } from '../stores/settings-store';
import { agreementTypes, type SaveCardChoice } from './save-card-choice';

const languages: readonly Language[] = ['en', 'ar'];

/**
 * "Save card for this customer", off on every sale. Switched on, it shows the words to read
 * to the customer in both languages (the very text main records with the consent), the
 * agreement for later payments without them, and "The customer agreed", which Pay waits for.
 */
export function SaveCardConsent({
  value,
  onChange,
  problem,
  agreedRef,
}: {
  value: SaveCardChoice;
  onChange(value: SaveCardChoice): void;
  /** Pay was pressed without the customer's agreement confirmed. */
  problem: boolean;
  agreedRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const merchantName = useSettingsStore((s) => s.view?.settings.receiptHeader.merchantName) ?? '';
  const edit = (changes: Partial<SaveCardChoice>) => onChange({ ...value, ...changes });
  return (
    <div className="save-card">
      <label className="choice save-card-switch">
        <input
          type="checkbox"
          name="save-card"
          checked={value.on}
          onChange={(event) => edit({ on: event.target.checked, agreed: false })}
        />
        <span>
          {t('savedCards.saveCard')}
          <span className="field-hint">{t('savedCards.saveCardHint')}</span>
        </span>
      </label>
      {value.on ? (
        <fieldset className="consent-panel">
          <legend className="panel-title">{t('savedCards.consentTitle')}</legend>
          <div
            className="button-row consent-agreement"
            role="radiogroup"
            aria-label={t('savedCards.agreement')}
          >
            {agreementTypes.map((type) => (
              <label key={type} className="choice">
                <input
                  type="radio"
                  name="agreement-type"
                  checked={value.agreementType === type}
                  onChange={() => edit({ agreementType: type, agreed: false })}
                />
                <span>
                  {t(`customers.agreementType.${type}`)}
                  <span className="field-hint">{t(`customers.agreementHint.${type}`)}</span>
                </span>
              </label>
            ))}
          </div>
          <div className="consent-texts">
            {languages.map((language) => (
              <blockquote key={language} className="consent-text">
                <p className="consent-language">
                  {t(language === 'ar' ? 'savedCards.consentArabic' : 'savedCards.consentEnglish')}
                </p>
                {/* The words in their own language and direction, whatever the screen's. */}
                <p lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'}>
                  {consentText(language, { merchantName, agreementType: value.agreementType })}
                </p>
              </blockquote>
            ))}
          </div>
          <div className="button-row" role="radiogroup" aria-label={t('savedCards.readIn')}>
            <span className="consent-read-in">{t('savedCards.readIn')}</span>
            {languages.map((language) => (
              <label key={language} className="choice">
                <input
                  type="radio"
                  name="consent-language"
                  checked={value.language === language}
                  onChange={() => edit({ language })}
                />
                {t(`languages.${language}`)}
              </label>
            ))}
          </div>
          <label className="choice consent-agreed">
            <input
              ref={agreedRef}
              type="checkbox"
              name="customer-agreed"
              aria-invalid={problem && !value.agreed ? true : undefined}
              checked={value.agreed}
              onChange={(event) => edit({ agreed: event.target.checked })}
            />
            <strong>{t('savedCards.agreed')}</strong>
          </label>
          {problem && !value.agreed ? (
            <p className="field-error" role="alert">
              {t('savedCards.agreedRequired')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
