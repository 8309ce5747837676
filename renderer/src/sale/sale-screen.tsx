import { useSaleStore } from '../stores/sale-store';
import { ProgressView } from './progress-view';
import { ResultView } from './result-view';
import { SaleForm } from './sale-form';
import { SaleSide } from './sale-side';

/** Sale, progress and result are one screen whose phase the sale store drives. */
export function SaleScreen() {
  const phase = useSaleStore((s) => s.phase);
  const formKey = useSaleStore((s) => s.formKey);
  if (phase.kind === 'progress') return <ProgressView phase={phase} />;
  if (phase.kind === 'result') return <ResultView phase={phase} />;
  return (
    <div className="sale-layout">
      <SaleForm key={formKey} />
      <SaleSide />
    </div>
  );
}
