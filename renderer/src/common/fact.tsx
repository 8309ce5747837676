import { useTranslation } from 'react-i18next';

interface FactProps {
  label: string;
  value: string | null;
  /** Identifiers and card masks read left to right even in Arabic. */
  ltr?: boolean;
  /** Show "—" for a missing value instead of leaving the line out. */
  keepEmpty?: boolean;
}

/** One label/value line of a <dl>. */
export function Fact({ label, value, ltr, keepEmpty }: FactProps) {
  const { t } = useTranslation();
  if (!value && !keepEmpty) return null;
  return (
    <div className="fact">
      <dt>{label}</dt>
      {/* An isolated LTR run inside the cell: reads left to right, aligns with the page. */}
      <dd>{ltr && value ? <span dir="ltr">{value}</span> : value || t('common.none')}</dd>
    </div>
  );
}
