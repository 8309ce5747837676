import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/ipc';
import { SelectField } from '../common/select-field';

type HoldSettings = Settings['holds'];

// Issuers keep card-not-present holds up to about a month; 7 days is the usual.
const dayOptions = Array.from({ length: 30 }, (_, index) => {
  const days = String(index + 1);
  return { value: days, label: days };
});

/** Holds: whether new sales start as Authorize only, and how long a hold lasts. */
export function HoldFields(props: { holds: HoldSettings; onChange(holds: HoldSettings): void }) {
  const { holds, onChange } = props;
  const { t } = useTranslation();
  return (
    <fieldset className="settings-fieldset">
      <legend>{t('holds.settingsTitle')}</legend>
      <label className="choice">
        <input
          type="checkbox"
          name="authorize-only-default"
          checked={holds.authorizeOnlyDefault}
          onChange={(event) => onChange({ ...holds, authorizeOnlyDefault: event.target.checked })}
        />
        {t('holds.settingsDefault')}
      </label>
      <div className="form-row">
        <SelectField
          label={t('holds.settingsExpiryDays')}
          hint={t('holds.settingsExpiryDaysHint')}
          value={String(holds.expiryDays)}
          options={dayOptions}
          onValueChange={(days) => onChange({ ...holds, expiryDays: Number(days) })}
        />
      </div>
    </fieldset>
  );
}
