import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import { errorKey } from '../i18n/error-text';

interface ErrorNoticeProps {
  error: Pick<IpcError, 'code' | 'params' | 'correlationId'>;
  /** What failed, e.g. "The payment did not start."; the code's sentence follows. */
  title?: string;
  /** More about the failure, before the details line (e.g. the payment a refusal names). */
  children?: ReactNode;
}

/**
 * A failure as the operator reads it: our sentence for the code, with the values main sent
 * for its placeholders; the code itself (and the gateway's support reference) only in the
 * small details line under it, for support. Announced at once (role=alert).
 */
export function ErrorNotice({ error, title, children }: ErrorNoticeProps) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error" role="alert">
      {title ? <p className="notice-title">{title}</p> : null}
      <p>{t(`errors.${errorKey(error.code)}`, { ...error.params })}</p>
      {children}
      <ErrorDetails codes={[error.code]} correlationId={error.correlationId} />
    </div>
  );
}

/**
 * The one place codes are shown: "Details for support: operator-locked-out · Support
 * reference: …", small, after the words. A code is a name for support and logs, never part
 * of the sentence; `data-details` marks the line so screen tests can tell it from the words.
 */
export function ErrorDetails({
  codes,
  correlationId,
}: {
  codes: readonly string[];
  correlationId?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <p className="notice-meta notice-details" data-details="">
      {t('details.label')}: <bdi dir="ltr">{codes.join(', ')}</bdi>
      {correlationId ? (
        <>
          {' · '}
          {t('result.correlationId')}: <bdi dir="ltr">{correlationId}</bdi>
        </>
      ) : null}
    </p>
  );
}
