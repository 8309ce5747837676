import { useEffect } from 'react';
import { useLinkStore } from '../stores/link-store';
import { useSaleStore } from '../stores/sale-store';
import { LinkForm } from './link-form';
import { LinkPanel, OtherLinks } from './link-panel';
import { ProgressView } from './progress-view';
import { ResultView } from './result-view';
import { SaleForm } from './sale-form';
import { SaleSide } from './sale-side';

/**
 * Sale, progress and result are one screen whose phase the sale store drives. Its first
 * choice is how the customer pays: the card keyed here, or a payment link (its form, then
 * the panel that follows the link).
 */
export function SaleScreen() {
  const phase = useSaleStore((s) => s.phase);
  const formKey = useSaleStore((s) => s.formKey);
  const mode = useLinkStore((s) => s.mode);
  const link = useLinkStore((s) => (s.current ? (s.links.get(s.current) ?? null) : null));

  // Links still waiting when the app last stopped are followed again by main; show them too.
  useEffect(() => {
    void useLinkStore.getState().load();
  }, []);

  if (phase.kind === 'progress') return <ProgressView phase={phase} />;
  if (phase.kind === 'result') return <ResultView phase={phase} />;
  if (mode === 'link') {
    return (
      <div className="sale-layout">
        {link ? <LinkPanel link={link} /> : <LinkForm key={formKey} />}
        <aside className="sale-side">
          <OtherLinks except={link?.linkId ?? null} />
        </aside>
      </div>
    );
  }
  return (
    <div className="sale-layout">
      <SaleForm key={formKey} />
      <SaleSide />
    </div>
  );
}
