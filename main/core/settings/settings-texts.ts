import type { Settings } from '../../../shared/ipc';
import { mayBeCard } from '../../../shared/text/card-in-text';
import { digitRuns, scanForm } from '../../../shared/text/digit-runs';
import {
  checkOperatorText,
  holdsBidiControl,
  type OperatorTextError,
} from '../../../shared/text/operator-text';
import { err, ok, type Result } from '../../../shared/result';

/**
 * The operator's free texts in a settings change, checked like every other operator input
 * (shared/text/operator-text.ts). Only what the change sets is checked, so a text stored
 * before these rules never blocks an unrelated change; receipts mask it when they print it.
 *
 * The VAT number is digits by nature (15 in Saudi Arabia), so the strict "12 digits" rule
 * cannot apply to it: it is refused only when it could be a card number (Luhn-valid and
 * shaped like a card, see mayBeCard), which a VAT number is in few cases and the operator
 * is told why.
 */
export function checkSettingsTexts(patch: Partial<Settings>): Result<null, OperatorTextError> {
  const header = patch.receiptHeader;
  const texts = [
    header?.merchantName,
    header?.address,
    patch.customBaseUrl,
    patch.returnHost,
    // The renderer offers the system's printer names, but what arrives is untrusted text.
    patch.printing?.printerName,
  ];
  for (const text of texts) {
    if (text === undefined || text === null) continue;
    const checked = checkOperatorText(text);
    if (!checked.ok) return checked;
  }
  if (header) {
    if (holdsBidiControl(header.vatNumber)) return err('text-bidi-control');
    if (digitRuns(scanForm(header.vatNumber)).some((run) => mayBeCard(run.digits))) {
      return err('text-card-number');
    }
  }
  return ok(null);
}
