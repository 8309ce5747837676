import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { IpcResult } from '../../../shared/ipc';
import { ModalDialog } from '../common/modal-dialog';
import { useSessionStore } from './session-store';
import { type Credentials, SignInForm } from './sign-in-form';

type Send<T> = (approver?: Credentials) => Promise<IpcResult<T>>;

/** What the supervisor approves, as the requester's screen knows it; never a full card. */
export interface ApprovalFacts {
  action: 'refund' | 'capture' | 'release' | 'acknowledge';
  /** Formatted with its currency. */
  amount?: string;
  /** Masked, first 6 and last 4. */
  card?: string | null;
  reference?: string | null;
}

interface PendingApproval {
  facts: ApprovalFacts | null;
  retry(approver: Credentials): Promise<IpcResult<unknown>>;
  finish(answer: IpcResult<unknown>): void;
}

const useApprovalStore = create<{ pending: PendingApproval | null }>()(() => ({ pending: null }));

/** Answers the approver may correct in the dialog (wrong PIN, own ID) rather than end it. */
const retryable = new Set([
  'approval-refused',
  'self-approval',
  'sign-in-failed',
  'operator-disabled',
]);

/**
 * Sends a refund or void; when main answers `approval-required`, a supervisor types their
 * ID and PIN into the approval dialog, which says what they approve (`facts`) and for whom,
 * and the same request goes again with them. Resolves
 * with the final answer (Cancel resolves with the original refusal).
 */
export async function withApproval<T>(
  send: Send<T>,
  facts: ApprovalFacts | null = null,
): Promise<IpcResult<T>> {
  const first = await send();
  if (first.ok || first.error.code !== 'approval-required') return first;
  return new Promise((resolve) => {
    useApprovalStore.setState({
      pending: {
        facts,
        retry: (approver) => send(approver),
        finish: (answer) => {
          useApprovalStore.setState({ pending: null });
          resolve((answer ?? first) as IpcResult<T>);
        },
      },
    });
  });
}

/** The action, amount, card, reference and requester, each value isolated from the words. */
function ApprovalFactList({ facts }: { facts: ApprovalFacts | null }) {
  const { t } = useTranslation();
  const requester = useSessionStore((s) => s.state?.operator ?? null);
  const rows: [string, ReactNode][] = [];
  if (facts) rows.push([t('approvalFacts.action'), t(`approvalFacts.actions.${facts.action}`)]);
  // The amount keeps its own direction marks, so it reads as on the payment's screen.
  if (facts?.amount) rows.push([t('approvalFacts.amount'), <bdi>{facts.amount}</bdi>]);
  if (facts?.card) rows.push([t('approvalFacts.card'), <bdi dir="ltr">{facts.card}</bdi>]);
  if (facts?.reference) {
    rows.push([t('approvalFacts.reference'), <bdi dir="ltr">{facts.reference}</bdi>]);
  }
  if (requester) {
    rows.push([
      t('approvalFacts.requester'),
      <>
        {requester.displayName} <bdi dir="ltr">({requester.operatorId})</bdi>
      </>,
    ]);
  }
  if (rows.length === 0) return null;
  return (
    <dl className="approval-facts" aria-label={t('approvalFacts.caption')}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The approval dialog, mounted once at the top of the window. */
export function ApprovalHost() {
  const { t } = useTranslation();
  const pending = useApprovalStore((s) => s.pending);
  if (!pending) return null;
  return (
    <ModalDialog
      title={t('approval.title')}
      onClose={() => pending.finish({ ok: false, error: { code: 'approval-required' } })}
    >
      <p>{t('approval.body')}</p>
      <ApprovalFactList facts={pending.facts} />
      <SignInForm
        submitLabel={t('approval.approve')}
        onSubmit={async (approver) => {
          const answer = await pending.retry(approver);
          if (!answer.ok && retryable.has(answer.error.code)) return answer.error;
          pending.finish(answer);
          return null;
        }}
      >
        <button
          type="button"
          className="button button-quiet"
          onClick={() => pending.finish({ ok: false, error: { code: 'approval-required' } })}
        >
          {t('common.cancel')}
        </button>
      </SignInForm>
    </ModalDialog>
  );
}
