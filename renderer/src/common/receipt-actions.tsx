import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, IpcRequest } from '../../../shared/ipc';
import { paydesk } from '../paydesk';
import { useSettingsStore } from '../stores/settings-store';
import { ErrorNotice } from './error-notice';

type Copy = 'customer' | 'merchant';

type Outcome =
  { kind: 'printed' } | { kind: 'saved'; path: string } | { kind: 'failed'; error: IpcError };

interface ReceiptActionsProps {
  attemptId: string;
  /** Result screen: one "Print receipt"; history: customer and merchant copies. */
  copies: 'customer' | 'both';
  /** Buttons placed after the receipt ones, in the same row (e.g. New sale). */
  children?: ReactNode;
  /** A hold's capture or release receipt, or a refund's, instead of the sale's. */
  kind?: 'capture' | 'release' | 'refund';
  /** With `refund`: the refund's place among the payment's refunds, oldest first. */
  refund?: number;
  /** Heading above the buttons of a receipt other than the sale's. */
  label?: string;
}

/** Print and Save PDF for one attempt's receipt, with the outcome shown. */
export function ReceiptActions(props: ReceiptActionsProps) {
  const { attemptId, copies, children, kind, refund, label } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // While one runs the buttons refuse presses but stay enabled: disabling the focused button
  // would drop the cursor to the page, and the next Tab would start from the top.
  const run = async (action: () => Promise<Outcome | null>) => {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    setOutcome(await action());
    setBusy(false);
  };
  /**
   * Printer, dialog, copies and paper are the printing settings (main applies them). The
   * sale's Print receipt also prints the merchant copy when the settings ask for one.
   */
  const which = (copy: Copy): IpcRequest<'receiptPrint'> => ({
    attemptId,
    copy,
    ...(kind ? { kind } : {}),
    ...(refund === undefined ? {} : { refund }),
  });
  const print = (copy: Copy, withMerchantCopy = false) =>
    run(async () => {
      const answer = await paydesk().receiptPrint(which(copy));
      if (!answer.ok) return { kind: 'failed', error: answer.error };
      if (!answer.value.printed) return null;
      if (!withMerchantCopy) return { kind: 'printed' };
      const merchant = await paydesk().receiptPrint(which('merchant'));
      return merchant.ok ? { kind: 'printed' } : { kind: 'failed', error: merchant.error };
    });
  const merchantCopies = useSettingsStore((s) => s.view?.settings.printing.merchantCopies ?? 0);
  const savePdf = () =>
    run(async () => {
      const answer = await paydesk().receiptPdf(which('customer'));
      if (!answer.ok) return { kind: 'failed', error: answer.error };
      // A null path means the operator dismissed the save dialog: nothing to report.
      return answer.value.path === null ? null : { kind: 'saved', path: answer.value.path };
    });

  return (
    <div className="receipt-actions">
      {label ? <h2>{label}</h2> : null}
      <div className="button-row">
        {copies === 'customer' ? (
          <button
            type="button"
            className="button"
            aria-disabled={busy}
            onClick={() => void print('customer', merchantCopies > 0)}
          >
            {t('result.print')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button"
              aria-disabled={busy}
              onClick={() => void print('customer')}
            >
              {t('detail.reprintCustomer')}
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={busy}
              onClick={() => void print('merchant')}
            >
              {t('detail.reprintMerchant')}
            </button>
          </>
        )}
        <button
          type="button"
          className="button"
          aria-disabled={busy}
          onClick={() => void savePdf()}
        >
          {t('result.pdf')}
        </button>
        {children}
      </div>
      <div role="status">
        {outcome?.kind === 'printed' ? (
          <p className="notice notice-success">{t('result.printed')}</p>
        ) : null}
        {outcome?.kind === 'saved' ? (
          <p className="notice notice-success">{t('result.pdfSaved', { path: outcome.path })}</p>
        ) : null}
      </div>
      {outcome?.kind === 'failed' ? <ErrorNotice error={outcome.error} /> : null}
    </div>
  );
}
