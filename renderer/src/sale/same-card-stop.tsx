import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import {
  unsettledPaymentSchema,
  type SameCardChoice,
  type UnsettledPayment,
} from '../../../shared/ipc-same-card';
import type { Currency } from '../../../shared/money/currencies';
import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import { ErrorNotice } from '../common/error-notice';
import { Fact } from '../common/fact';
import { useLanguage } from '../i18n/use-language';
import { withApproval } from '../operators/approval';
import { useSessionStore } from '../operators/session-store';
import { paydesk } from '../paydesk';
import { useSaleStore } from '../stores/sale-store';
import { useUnsettledStore } from '../stores/unsettled-store';
import { openInHistory } from './unsettled-indicator';

/** What of the sale being keyed the stop compares: the card's first 6 and last 4 only. */
export interface KeyedSale {
  cardDigits: string;
  amountMinor: number;
  currency: Currency;
}

const sameCardAndAmount = (payment: UnsettledPayment, sale: KeyedSale) =>
  payment.masked.slice(0, 6) === sale.cardDigits.slice(0, 6) &&
  payment.masked.slice(-4) === sale.cardDigits.slice(-4) &&
  payment.amountMinor === sale.amountMinor &&
  payment.currency === sale.currency;

/** The payment main's `same-card-in-doubt` refusal names (its values), if well formed. */
const namedBy = (failure: IpcError | null): UnsettledPayment | null => {
  if (failure?.code !== 'same-card-in-doubt') return null;
  const parsed = unsettledPaymentSchema.safeParse(failure.params);
  return parsed.success ? parsed.data : null;
};

type Notice = { kind: 'retype' } | { kind: 'settled'; attemptId: string };

/**
 * The sale form's stop before a second charge: Pay with the card and amount of a payment
 * still awaiting the bank shows that payment instead of starting, and goes on only once the
 * operator chose to charge again (a supervisor approving where operators are on). Main
 * checks again and decides; when it refused a sale the list here had not seen, the card
 * fields were already emptied, so the card is typed again after the choice.
 */
export function useSameCardStop(failure: IpcError | null, proceed: () => void) {
  const payments = useUnsettledStore((s) => s.payments);
  const [stop, setStop] = useState<{ payment: UnsettledPayment; fromMain: boolean } | null>(() => {
    const payment = namedBy(failure);
    return payment ? { payment, fromMain: true } : null;
  });
  // Read by the submit that `proceed` starts at once, before any re-render.
  const allowed = useRef(new Set<string>());
  const [notice, setNotice] = useState<Notice | null>(null);

  const choose = async (choice: SameCardChoice): Promise<IpcError | null> => {
    if (!stop) return null;
    const { attemptId } = stop.payment;
    const answer = await withApproval((approver) =>
      paydesk().saleSameCardChoice({ attemptId, choice, approver }),
    );
    if (!answer.ok) return answer.error.code === 'approval-required' ? null : answer.error;
    setStop(null);
    if (choice === 'do-not-charge') {
      useSaleStore.getState().startOver();
    } else if (!answer.value.allowed) {
      void useUnsettledStore.getState().load();
      setNotice({ kind: 'settled', attemptId });
    } else {
      allowed.current.add(attemptId);
      if (stop.fromMain) setNotice({ kind: 'retype' });
      proceed();
    }
    return null;
  };

  return {
    /** True when Pay must stop here; the panel then names the payment. */
    stops(sale: KeyedSale): boolean {
      const match = payments.find(
        (payment) => !allowed.current.has(payment.attemptId) && sameCardAndAmount(payment, sale),
      );
      if (match) {
        setStop({ payment: match, fromMain: false });
        setNotice(null);
      }
      return match !== undefined;
    },
    /** A refusal this stop words itself (the form's error notice leaves it out). */
    handles: (error: IpcError) => namedBy(error) !== null,
    panel: ((): ReactNode => {
      if (stop) return <SameCardStop payment={stop.payment} choose={choose} />;
      if (notice?.kind === 'retype') return <RetypeCard />;
      if (notice?.kind === 'settled') return <SettledMeanwhile attemptId={notice.attemptId} />;
      return null;
    })(),
  };
}

function RetypeCard() {
  const { t } = useTranslation();
  return (
    <p className="notice notice-info" role="status">
      {t('sameCard.retypeCard')}
    </p>
  );
}

function SettledMeanwhile({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-info" role="status">
      <p>{t('sameCard.settledMeanwhile')}</p>
      <button type="button" className="button" onClick={() => openInHistory(attemptId)}>
        {t('sale.existing.open')}
      </button>
    </div>
  );
}

/** The stop itself: which payment, the risk in words, and the two ways on. */
function SameCardStop({
  payment,
  choose,
}: {
  payment: UnsettledPayment;
  choose: (choice: SameCardChoice) => Promise<IpcError | null>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const operatorsOn = useSessionStore((s) => s.state?.operatorsEnabled ?? false);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [payment.attemptId]);
  const act = (choice: SameCardChoice) => async () => {
    setBusy(true);
    setError(await choose(choice));
    setBusy(false);
  };
  return (
    <div className="notice notice-warning same-card-stop" role="alert">
      <p className="notice-title">{t('sameCard.title')}</p>
      <p>{t('sameCard.body')}</p>
      <dl className="facts">
        <Fact
          label={t('history.columns.amount')}
          value={formatMoney(payment.amountMinor, payment.currency, language)}
        />
        <Fact label={t('sale.card')} value={payment.masked} ltr />
        <Fact label={t('sameCard.time')} value={formatDateTime(payment.createdAt, language)} />
        <Fact label={t('result.reference')} value={payment.merchantReferenceId} ltr />
        <Fact label={t('history.columns.status')} value={t(`status.${payment.status}`)} />
      </dl>
      {operatorsOn ? <p>{t('sameCard.approvalNote')}</p> : null}
      {error ? <ErrorNotice error={error} /> : null}
      <div className="same-card-actions">
        <button
          ref={first}
          type="button"
          className="button"
          onClick={() => openInHistory(payment.attemptId)}
        >
          {t('sale.existing.open')}
        </button>
        <button
          type="button"
          className="button button-quiet"
          disabled={busy}
          onClick={act('do-not-charge')}
        >
          {t('sameCard.doNotCharge')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={act('charge-again')}
        >
          {t('sameCard.chargeAgain')}
        </button>
      </div>
    </div>
  );
}
