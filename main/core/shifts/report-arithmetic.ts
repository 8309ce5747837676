import type { Currency } from '../../../shared/money/currencies';
import type { CountTotal, CurrencyFigures } from '../../../shared/ipc-shifts';

/** One group of the shift's ledger entries, as report-queries.ts sums them. */
export interface EntryGroup {
  currency: Currency;
  kind: string;
  source: string;
  brand: string | null;
  operatorId: string | null;
  n: number;
  total: number;
}

/** What is open right now in one currency: links awaiting payment and holds at the bank. */
export interface OpenNow {
  currency: Currency;
  linksPending: CountTotal;
  holdsOpen: CountTotal;
}

const emptyTotal = (): CountTotal => ({ count: 0, totalMinor: 0 });

const emptyFigures = (currency: Currency): CurrencyFigures => ({
  currency,
  sales: emptyTotal(),
  declined: 0,
  abandoned: 0,
  refunds: emptyTotal(),
  holds: emptyTotal(),
  captures: emptyTotal(),
  releases: emptyTotal(),
  holdsExpired: 0,
  holdsOpen: emptyTotal(),
  linksPaid: emptyTotal(),
  linksPending: emptyTotal(),
  linksExpired: 0,
  linksCancelled: 0,
  adopted: { count: 0, netMinor: 0 },
  netMinor: 0,
});

const add = (into: CountTotal, n: number, sum: number) => {
  into.count += n;
  into.totalMinor += sum;
};

/** Folds one group into its currency's figures (the ledger kinds of ledger.ts). */
function addGroup(figures: CurrencyFigures, row: EntryGroup): void {
  switch (row.kind) {
    case 'sale':
      add(figures.sales, row.n, row.total);
      if (row.source === 'link') add(figures.linksPaid, row.n, row.total);
      break;
    case 'declined':
      figures.declined += row.n;
      break;
    case 'abandoned':
      figures.abandoned += row.n;
      break;
    case 'refund':
      add(figures.refunds, row.n, row.total);
      break;
    case 'hold':
      add(figures.holds, row.n, row.total);
      break;
    case 'capture':
      add(figures.captures, row.n, row.total);
      break;
    case 'release':
      add(figures.releases, row.n, row.total);
      break;
    case 'hold-expired':
      figures.holdsExpired += row.n;
      break;
    case 'link-expired':
      figures.linksExpired += row.n;
      break;
    case 'link-cancelled':
      figures.linksCancelled += row.n;
      break;
    case 'adopted':
      // Its money is in `adoptedNet` (the detail says taken or returned), not in `total`.
      figures.adopted.count += row.n;
      break;
  }
}

/**
 * The per-currency figures: the shift's groups, what adopting the gateway's state moved,
 * and what is open now; net taken = Pay + captures − refunds (+ adopted). A currency with
 * only a pending link or an open hold still gets its line.
 */
export function currencyFigures(
  rows: readonly EntryGroup[],
  adoptedNet: ReadonlyMap<Currency, number>,
  open: readonly OpenNow[],
): CurrencyFigures[] {
  const byCurrency = new Map<Currency, CurrencyFigures>();
  const of = (currency: Currency) => {
    const figures = byCurrency.get(currency) ?? emptyFigures(currency);
    byCurrency.set(currency, figures);
    return figures;
  };
  for (const row of rows) addGroup(of(row.currency), row);
  for (const [currency, net] of adoptedNet) of(currency).adopted.netMinor += net;
  for (const line of open) {
    const figures = of(line.currency);
    figures.linksPending = line.linksPending;
    figures.holdsOpen = line.holdsOpen;
  }
  for (const figures of byCurrency.values()) {
    figures.netMinor =
      figures.sales.totalMinor +
      figures.captures.totalMinor -
      figures.refunds.totalMinor +
      figures.adopted.netMinor;
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

interface SalesRefunds {
  sales: CountTotal;
  refunds: CountTotal;
}

/** Sales (and captures) and refunds per currency and one more column, in a stable order. */
export const linesBy = (rows: readonly EntryGroup[], keyOf: (row: EntryGroup) => string | null) => {
  const lines = new Map<string, { currency: Currency; key: string | null } & SalesRefunds>();
  for (const row of rows) {
    if (row.kind !== 'sale' && row.kind !== 'capture' && row.kind !== 'refund') continue;
    const key = keyOf(row);
    const id = `${row.currency}\u0000${key ?? ''}`;
    const line = lines.get(id) ?? {
      currency: row.currency,
      key,
      sales: emptyTotal(),
      refunds: emptyTotal(),
    };
    add(row.kind === 'refund' ? line.refunds : line.sales, row.n, row.total);
    lines.set(id, line);
  }
  return [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
};
