import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { roleSchema, type Role } from '../../../shared/ipc-security';
import { SaveOutcomeNotice, saveOutcomeOf, type SaveOutcome } from '../common/save-outcome';
import { SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { paydesk } from '../paydesk';
import {
  emptySecretTwice,
  SecretTwiceFields,
  secretTwiceError,
  type SecretTwice,
} from './secret-twice';

/**
 * Adds an operator: name, ID, role, and the PIN or password they will type (twice). After
 * each add the form starts again as it first was, Cashier and the cursor in Name, so the
 * next person is never made a supervisor by the role left from the last one.
 */
export function OperatorForm({ onCreated }: { onCreated(): void }) {
  const { t } = useTranslation();
  const [displayName, setDisplayName] = useState('');
  const [operatorId, setOperatorId] = useState('');
  const [role, setRole] = useState<Role>('cashier');
  const [secret, setSecret] = useState<SecretTwice>(emptySecretTwice);
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const nameField = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (secretTwiceError(secret)) return;
    const answer = await paydesk().operatorsCreate({
      displayName: displayName.trim(),
      operatorId: operatorId.trim(),
      role,
      secret: secret.secret,
    });
    setOutcome(saveOutcomeOf(answer));
    if (!answer.ok) return;
    setDisplayName('');
    setOperatorId('');
    setRole('cashier');
    setSecret(emptySecretTwice);
    setTried(false);
    nameField.current?.focus();
    onCreated();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="new-operator-title">
      <h2 id="new-operator-title">{t('operators.addTitle')}</h2>
      <div className="form-row">
        <TextField
          label={t('operators.displayName')}
          maxLength={80}
          inputRef={nameField}
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
        <SelectField<Role>
          label={t('operators.role')}
          value={role}
          options={roleSchema.options.map((value) => ({
            value,
            label: t(`operators.roles.${value}`),
          }))}
          onValueChange={setRole}
        />
      </div>
      <div className="form-row">
        <SecretTwiceFields value={secret} onValueChange={setSecret} shown={tried} />
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
