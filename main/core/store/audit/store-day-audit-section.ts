import type { ReportSection } from '../../../../shared/ipc-shifts';
import type { StoreAuditChain } from '../../../../shared/ipc-store-audit';

/**
 * The store end of day's record of every counter's audit chain: the head at the
 * day's end (row number, MAC as that counter's Z report prints it, public chain value) and
 * whether the chain up to it verified from this counter. Saved in the CSV with the rest, it
 * lets a manager show later that no counter's trail was rewritten after the day: the same
 * row must still carry the same chain value. Terms as ARABIC.md: قيد for entry.
 */
const words = {
  en: {
    title: 'Audit trails at the end of the day',
    none: 'No counter has audit entries in the store for this day.',
    head: (seq: number, mac: string, link: string) => `entry ${seq}, MAC ${mac}, chain ${link}`,
    verified: 'verified',
    before: (rows: number) =>
      `verified (the first ${rows} ${rows === 1 ? 'entry was' : 'entries were'} written before signing began)`,
    missing: 'not signed yet (the counter is not upgraded): cannot be checked',
    allBefore: 'written before signing began: cannot be checked from here',
    changed: 'its key in the store changed: not trusted',
    broken: (seq: number, reason: string) => `does not verify: entry ${seq} ${reason}`,
    reasons: {
      gap: 'is missing',
      signature: 'was changed',
      unsigned: 'lost its signature',
      truncated: 'and the entries after it were removed',
    },
  },
  ar: {
    title: 'سجلات التدقيق في نهاية اليوم',
    none: 'لا توجد لأي نقطة بيع قيود تدقيق في المتجر لهذا اليوم.',
    head: (seq: number, mac: string, link: string) =>
      `القيد ${seq}، رمز MAC \u2068${mac}\u2069، قيمة السلسلة \u2068${link}\u2069`,
    verified: 'سليم',
    before: (rows: number) => `سليم (عدد القيود المكتوبة قبل بدء التوقيع: ${rows})`,
    missing: 'غير موقَّع بعد (لم تُحدَّث نقطة البيع): لا يمكن التحقق منه',
    allBefore: 'مكتوب قبل بدء التوقيع: لا يمكن التحقق منه من هنا',
    changed: 'تغيّر مفتاحها في المتجر: غير موثوق',
    broken: (seq: number, reason: string) => `غير سليم: القيد ${seq} ${reason}`,
    reasons: {
      gap: 'محذوف',
      signature: 'عُدِّل',
      unsigned: 'فقد توقيعه',
      truncated: 'وما بعده محذوف',
    },
  },
} as const;

/** One chain's verdict in words: what a manager needs to know before its head. */
function verdict(chain: StoreAuditChain, s: (typeof words)['en' | 'ar']): string {
  if (chain.key === 'changed') return s.changed;
  if (chain.broken !== null) return s.broken(chain.broken.seq, s.reasons[chain.broken.reason]);
  if (chain.key === 'missing') return s.missing;
  if (chain.unsignedRows === chain.rows) return s.allBefore;
  return chain.unsignedRows > 0 ? s.before(chain.unsignedRows) : s.verified;
}

export function auditChainsSection(
  chains: readonly StoreAuditChain[],
  language: 'en' | 'ar',
  counter: (line: { counterId: string; counterName: string }) => string,
): ReportSection {
  const s = words[language];
  const lines = chains.flatMap((chain) =>
    chain.head === null
      ? []
      : [
          {
            label: counter(chain),
            value: `${verdict(chain, s)}: ${s.head(chain.head.seq, chain.head.mac, chain.head.link)}`,
          },
        ],
  );
  return lines.length > 0 ? { title: s.title, lines } : { title: s.title, lines: [], note: s.none };
}
