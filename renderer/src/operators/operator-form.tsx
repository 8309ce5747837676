import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { roleSchema, type Role } from '../../../shared/ipc-security';
import { SaveOutcomeNotice, saveOutcomeOf, type SaveOutcome } from '../common/save-outcome';
import { SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { paydesk } from '../paydesk';
import { SecretField } from './secret-field';

/** Adds an operator: name, ID, role, and the PIN or password they will type. */
export function OperatorForm({ onCreated }: { onCreated(): void }) {
  const { t } = useTranslation();
  const [displayName, setDisplayName] = useState('');
  const [operatorId, setOperatorId] = useState('');
  const [role, setRole] = useState<Role>('cashier');
  const [secret, setSecret] = useState('');
  const [outcome, setOutcome] = useState<SaveOutcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await paydesk().operatorsCreate({
      displayName: displayName.trim(),
      operatorId: operatorId.trim(),
      role,
      secret,
    });
    setOutcome(saveOutcomeOf(answer));
    if (!answer.ok) return;
    setDisplayName('');
    setOperatorId('');
    setSecret('');
    onCreated();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="new-operator-title">
      <h3 id="new-operator-title">{t('operators.addTitle')}</h3>
      <div className="form-row">
        <TextField
          label={t('operators.displayName')}
          maxLength={80}
          value={displayName}
          onValueChange={setDisplayName}
        />
        <TextField
          label={t('operators.operatorId')}
          maxLength={32}
          spellCheck={false}
          dir="ltr"
          value={operatorId}
          onValueChange={setOperatorId}
        />
        <SelectField<Role>
          label={t('operators.role')}
          value={role}
          options={roleSchema.options.map((value) => ({
            value,
            label: t(`operators.roles.${value}`),
          }))}
          onValueChange={setRole}
        />
        <SecretField value={secret} onValueChange={setSecret} />
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t('operators.add')}
        </button>
      </div>
      <SaveOutcomeNotice outcome={outcome} savedText={t('operators.added')} />
    </form>
  );
}
