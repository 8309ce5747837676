import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcResult } from '../../../shared/ipc';
import type { Currency } from '../../../shared/money/currencies';
import { parseAmount } from '../../../shared/money/amount';
import { ConfirmDialog } from '../common/confirm-dialog';
import { TextField } from '../common/text-field';
import { screenMoney } from '../format/screen-money';
import { isolate } from '../format/values';
import { useLanguage } from '../i18n/use-language';
import { withApproval } from '../operators/approval';

/** The refund request the dialog sends: no amount refunds what is left. */
export type RefundSend<T> = (
  amount: string | undefined,
  approver: { operatorId: string; secret: string } | undefined,
) => Promise<IpcResult<T>>;

interface RefundDialogProps<T> {
  currency: Currency;
  /** What is left to refund, in minor units. */
  left: number;
  /** A counter's own refund (`orderRefund`) or another counter's (`storeRefund`). */
  send: RefundSend<T>;
  /** The payment's masked card and merchant reference, for the approval dialog. */
  payment: { card: string | null; reference: string | null };
  onClose(): void;
  onDone(answer: IpcResult<T>): void;
}

/** Full refund of what is left, or a partial amount (checked against what is left). */
export function RefundDialog<T>(props: RefundDialogProps<T>) {
  const { currency, left, send, payment, onClose, onDone } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  // The cap is what is left, so an over-refund is caught here before main refuses it.
  const parsed = parseAmount(amount, currency, left);
  // Over what is left is about this payment, not the per-sale limit the cap error names.
  const amountError =
    mode === 'partial' && touched && !parsed.ok
      ? parsed.error === 'amount-over-cap'
        ? 'refund-over-remaining'
        : parsed.error
      : null;

  const confirm = async () => {
    setTouched(true);
    if (mode === 'partial' && !parsed.ok) return;
    const chosen = mode === 'full' ? undefined : amount.trim();
    const amountMinor = mode === 'full' || !parsed.ok ? left : parsed.value;
    onDone(
      await withApproval((approver) => send(chosen, approver), {
        action: 'refund',
        amount: screenMoney(amountMinor, currency, language),
        ...payment,
      }),
    );
  };

  return (
    <ConfirmDialog
      title={t('refund.title')}
      confirmLabel={t('refund.confirm')}
      onClose={onClose}
      onConfirm={confirm}
    >
      <fieldset className="choice-list">
        <legend className="visually-hidden">{t('refund.title')}</legend>
        <label className="choice">
          <input
            type="radio"
            name="refund-mode"
            checked={mode === 'full'}
            onChange={() => setMode('full')}
            data-autofocus
          />
          {t('refund.full', { amount: isolate(screenMoney(left, currency, language), language) })}
        </label>
        <label className="choice">
          <input
            type="radio"
            name="refund-mode"
            checked={mode === 'partial'}
            onChange={() => setMode('partial')}
          />
          {t('refund.partial')}
        </label>
      </fieldset>
      {mode === 'partial' ? (
        <TextField
          label={t('refund.amount')}
          hint={currency}
          hintPlacement="inline"
          error={amountError}
          inputMode="decimal"
          autoFocus
          dir="ltr"
          value={amount}
          onValueChange={setAmount}
          onBlur={() => setTouched(true)}
        />
      ) : null}
    </ConfirmDialog>
  );
}
