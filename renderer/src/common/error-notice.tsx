import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import { errorKey } from '../i18n/error-text';

interface ErrorNoticeProps {
  error: Pick<IpcError, 'code' | 'params' | 'correlationId'>;
  /** What failed, e.g. "The payment did not start."; the code's sentence follows. */
  title?: string;
  /** More about the failure, after the codes (e.g. the payment a refusal names). */
  children?: ReactNode;
}

/**
 * A failure as the operator reads it: our sentence for the code, with the values main sent
 * for its placeholders, then the code and the gateway's correlation id for support.
 * Announced at once (role=alert).
 */
export function ErrorNotice({ error, title, children }: ErrorNoticeProps) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error" role="alert">
      {title ? <p className="notice-title">{title}</p> : null}
      <p>{t(`errors.${errorKey(error.code)}`, { ...error.params })}</p>
      <p className="notice-meta">
        <span dir="ltr">{error.code}</span>
        {error.correlationId ? (
          <>
            {' · '}
            {t('result.correlationId')}: <span dir="ltr">{error.correlationId}</span>
          </>
        ) : null}
      </p>
      {children}
    </div>
  );
}
