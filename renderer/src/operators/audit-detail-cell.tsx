import { useTranslation } from 'react-i18next';
import { ErrorDetails } from '../common/error-notice';
import { auditDetailWords } from './audit-detail-words';

/** A security audit row's detail in words, with what no table knows in the details line. */
export function AuditDetailCell({
  detail,
  names,
}: {
  detail: string | null;
  names: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const words = auditDetailWords(t, detail, names);
  return (
    <td>
      {words.text}
      {words.codes.length > 0 ? <ErrorDetails codes={words.codes} /> : null}
    </td>
  );
}
