import type { CustomerDirectory } from '../customers/customer-directory';
import type { Journal } from '../journal/journal';
import type { JournalReader } from '../reader/journal-reader';
import type { LinkJournal } from '../links/link-journal';
import type { LinkService } from '../links/link-service';
import type { PaymentService } from '../payments/payment-service';

/**
 * Training and live payments are kept apart: each has its own journal and engine, so
 * Training sales never appear in the merchant's real history or CSV exports, and a receipt
 * reprinted from the Training journal is always marked as Training.
 */
export interface PaymentMode {
  name: 'training' | 'live';
  /** The engine's journal: all writes, and the engine's own small reads. */
  journal: Journal;
  /** The history's reads (search, detail, export), on a thread of their own. */
  reader: JournalReader;
  payments: PaymentService;
  /** Payment links, journalled in the mode's journal. */
  links: LinkService;
  /** The links' records, in the mode's journal file. */
  linkJournal: LinkJournal;
  /** Customers and their saved cards: tokens of this mode's gateway only. */
  customers: CustomerDirectory;
}

export interface PaymentModes {
  /** The mode the current settings select; read per request. */
  active(): PaymentMode;
  all(): readonly PaymentMode[];
}
