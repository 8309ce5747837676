import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, IpcResult } from '../../../shared/ipc';
import { roleSchema, type OperatorView, type Role } from '../../../shared/ipc-security';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ErrorNotice } from '../common/error-notice';
import { SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { paydesk } from '../paydesk';
import {
  emptySecretTwice,
  SecretTwiceFields,
  secretTwiceError,
  type SecretTwice,
} from '../operators/secret-twice';

const rank: Record<Role, number> = { cashier: 1, supervisor: 2, admin: 3 };

interface DialogProps {
  operator: OperatorView;
  onClose(): void;
  /** The change went through: the list reloads. */
  onDone(): void;
}

/** Sends a change; closes on success, or keeps the dialog open with main's refusal. */
function useSend(onDone: () => void) {
  const [error, setError] = useState<IpcError | null>(null);
  const send = async (answer: Promise<IpcResult<unknown>>) => {
    const result = await answer;
    if (result.ok) onDone();
    else setError(result.error);
  };
  return { error, send };
}

/**
 * Name and role. Taking a role down (an admin to supervisor, a supervisor to cashier) asks
 * again in words before it is sent: that person loses rights from their next step.
 */
export function EditOperatorDialog({ operator, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [displayName, setDisplayName] = useState(operator.displayName);
  const [role, setRole] = useState<Role>(operator.role);
  const [confirming, setConfirming] = useState(false);
  const { error, send } = useSend(onDone);
  const name = operator.displayName;
  const roleName = (value: Role) => t(`operators.roles.${value}`);
  const demoting = rank[role] < rank[operator.role];
  const change = () =>
    send(
      paydesk().operatorsUpdate({
        operatorId: operator.operatorId,
        ...(displayName.trim() !== operator.displayName ? { displayName: displayName.trim() } : {}),
        ...(role !== operator.role ? { role } : {}),
      }),
    );
  if (confirming) {
    return (
      <ConfirmDialog
        title={t('team.demoteTitle', { name })}
        confirmLabel={t('team.demoteConfirm')}
        onClose={onClose}
        onConfirm={change}
      >
        <p>{t('team.demoteBody', { name, from: roleName(operator.role), to: roleName(role) })}</p>
        {error ? <ErrorNotice error={error} /> : null}
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title={t('team.editTitle', { name })}
      confirmLabel={t('team.save')}
      onClose={onClose}
      onConfirm={async () => {
        if (demoting) setConfirming(true);
        else await change();
      }}
    >
      <div className="form-row">
        <TextField
          label={t('operators.displayName')}
          maxLength={80}
          data-autofocus
          value={displayName}
          onValueChange={setDisplayName}
        />
        <SelectField<Role>
          label={t('operators.role')}
          value={role}
          options={roleSchema.options.map((value) => ({ value, label: roleName(value) }))}
          onValueChange={setRole}
        />
      </div>
      {error ? <ErrorNotice error={error} /> : null}
    </ConfirmDialog>
  );
}

/** A new PIN or password, typed twice; the old one stops working at every counter. */
export function ResetSecretDialog({ operator, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<SecretTwice>(emptySecretTwice);
  const [tried, setTried] = useState(false);
  const { error, send } = useSend(onDone);
  const name = operator.displayName;
  return (
    <ConfirmDialog
      title={t('team.resetTitle', { name })}
      confirmLabel={t('team.resetConfirm')}
      onClose={onClose}
      onConfirm={async () => {
        setTried(true);
        if (secretTwiceError(secret)) return;
        await send(
          paydesk().operatorsUpdate({ operatorId: operator.operatorId, secret: secret.secret }),
        );
      }}
    >
      <p>{t('team.resetBody', { name })}</p>
      <div className="form-row">
        <SecretTwiceFields value={secret} onValueChange={setSecret} shown={tried} />
      </div>
      {error ? <ErrorNotice error={error} /> : null}
    </ConfirmDialog>
  );
}

/** Switching someone off, said in words first: they can no longer sign in anywhere. */
export function DisableOperatorDialog({ operator, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const { error, send } = useSend(onDone);
  const name = operator.displayName;
  return (
    <ConfirmDialog
      title={t('team.disableTitle', { name })}
      confirmLabel={t('team.disableConfirm')}
      onClose={onClose}
      onConfirm={() =>
        send(paydesk().operatorsUpdate({ operatorId: operator.operatorId, disabled: true }))
      }
    >
      <p>{t('team.disableBody', { name })}</p>
      {error ? <ErrorNotice error={error} /> : null}
    </ConfirmDialog>
  );
}
