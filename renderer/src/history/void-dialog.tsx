import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptDetail, IpcResult, RefundResult } from '../../../shared/ipc';
import { ConfirmDialog } from '../common/confirm-dialog';
import { TextField } from '../common/text-field';
import { formatMoney } from '../../../shared/format/money-text';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';

interface VoidDialogProps {
  detail: AttemptDetail;
  onClose(): void;
  onDone(answer: IpcResult<RefundResult>): void;
}

/** Confirms voiding the whole payment, with the reason the gateway records. */
export function VoidDialog({ detail, onClose, onDone }: VoidDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [reason, setReason] = useState(() => t('void.defaultReason'));
  const { amountMinor, currency, attemptId } = detail.row;
  return (
    <ConfirmDialog
      title={t('void.title')}
      confirmLabel={t('void.confirm')}
      tone="danger"
      cancelFirst
      onClose={onClose}
      onConfirm={async () =>
        onDone(await paydesk().orderVoid({ attemptId, reason: reason.trim() }))
      }
    >
      <p>{t('void.body', { amount: formatMoney(amountMinor, currency, language) })}</p>
      <TextField
        label={t('void.reason')}
        maxLength={200}
        value={reason}
        onValueChange={setReason}
      />
    </ConfirmDialog>
  );
}
