import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoldResult, IpcResult } from '../../../shared/ipc';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ErrorNotice } from '../common/error-notice';
import { withApproval } from '../operators/approval';
import type { Credentials } from '../operators/sign-in-form';

export type HoldAction = 'capture' | 'release';

/** What the outcome words need: a card sale's or link's answer, or another counter's. */
type HoldAnswer = Pick<HoldResult, 'outcome' | 'failure'>;

/** Words that differ by holder: a payment link has no refund to settle a smaller amount. */
const wordings = {
  card: { captureBody: 'holds.captureBody', captured: 'holds.captured' },
  link: { captureBody: 'links.captureBody', captured: 'links.captured' },
} as const;
type Holder = keyof typeof wordings;

const noticeKeys = {
  released: 'holds.released',
  'hold-expired': 'holds.lapsed',
  'in-doubt': 'holds.inDoubt',
} as const;

/** What a capture or release answered, in words (the record itself updates from it). */
export function HoldOutcome({
  answer,
  holder = 'card',
}: {
  answer: IpcResult<HoldAnswer>;
  holder?: Holder;
}) {
  const { t } = useTranslation();
  if (!answer.ok) return <ErrorNotice error={answer.error} />;
  const { outcome, failure } = answer.value;
  if (outcome === 'refused' || outcome === 'error') {
    return failure ? (
      <ErrorNotice error={failure} title={t('holds.refused')} />
    ) : (
      <p className="notice notice-error" role="alert">
        {t('holds.refused')}
      </p>
    );
  }
  const tone = outcome === 'in-doubt' ? 'notice-warning' : 'notice-success';
  return (
    <p className={`notice ${tone}`} role="status">
      {t(outcome === 'captured' ? wordings[holder].captured : noticeKeys[outcome])}
    </p>
  );
}

interface HoldActionsProps<T extends HoldAnswer> {
  /** The amount held, formatted for the confirmation. */
  amount: string;
  /** The payment's masked card and merchant reference, for the approval dialog. */
  payment?: { card: string | null; reference: string | null };
  /** Sends the action for the record (card sale or payment link), with an approver if asked. */
  send: (action: HoldAction, approver?: Credentials) => Promise<IpcResult<T>>;
  /**
   * The answer, once the dialog closed: the holder shows it (`HoldOutcome`, kept after the
   * hold ended and these buttons went) and refreshes its record from it.
   */
  onAnswer: (answer: IpcResult<T>) => void;
  /** Whose hold it is: a card sale's (the default) or a payment link's. */
  holder?: Holder;
}

/**
 * Capture and Release of a hold, whoever holds it (a card sale in History, a payment link's
 * panel): a confirmation naming the amount and a supervisor's approval where operators ask
 * for one.
 */
export function HoldActions<T extends HoldAnswer>({
  amount,
  payment,
  send,
  onAnswer,
  holder = 'card',
}: HoldActionsProps<T>) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<HoldAction | null>(null);

  const act = async (action: HoldAction) => {
    const next = await withApproval((approver) => send(action, approver), {
      action,
      amount,
      ...payment,
    });
    setConfirming(null);
    onAnswer(next);
  };

  return (
    <>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          onClick={() => setConfirming('capture')}
        >
          {t('holds.capture')}
        </button>
        <button type="button" className="button" onClick={() => setConfirming('release')}>
          {t('holds.release')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t(confirming === 'capture' ? 'holds.captureTitle' : 'holds.releaseTitle')}
          confirmLabel={t(
            confirming === 'capture' ? 'holds.captureConfirm' : 'holds.releaseConfirm',
          )}
          onClose={() => setConfirming(null)}
          onConfirm={() => act(confirming)}
        >
          <p>
            {t(confirming === 'capture' ? wordings[holder].captureBody : 'holds.releaseBody', {
              amount,
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
