import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { IpcResult } from '../../../shared/ipc';
import { ModalDialog } from '../common/modal-dialog';
import { type Credentials, SignInForm } from './sign-in-form';

type Send<T> = (approver?: Credentials) => Promise<IpcResult<T>>;

interface PendingApproval {
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
 * ID and PIN into the approval dialog and the same request goes again with them. Resolves
 * with the final answer (Cancel resolves with the original refusal).
 */
export async function withApproval<T>(send: Send<T>): Promise<IpcResult<T>> {
  const first = await send();
  if (first.ok || first.error.code !== 'approval-required') return first;
  return new Promise((resolve) => {
    useApprovalStore.setState({
      pending: {
        retry: (approver) => send(approver),
        finish: (answer) => {
          useApprovalStore.setState({ pending: null });
          resolve((answer ?? first) as IpcResult<T>);
        },
      },
    });
  });
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
