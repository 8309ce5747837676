import { luhnValid } from '../card/number';
import { digitGroups, digitRuns, scanForm, type DigitRun } from './digit-runs';

/**
 * Card numbers in free text (DESIGN.md §3, "never keep the card"), two policies over the same
 * normalised scan (digit-runs.ts):
 *
 * - Operator input is held STRICTLY: any run of 12 or more digits is refused, Luhn or not.
 *   A cashier never needs twelve digits in a name, a reference or a reason, and a refusal
 *   costs one retype, while a card number on disk cannot be taken back.
 * - Text the app did not type (a gateway's message) and every text the app writes (journal,
 *   logs, CSV, receipts, file names) is MASKED where it holds something that can be a card:
 *   12–19 digits passing Luhn, not starting with 0, 1 or 20 (no card network issues those:
 *   they are dates such as 20261122 and counters), or any run longer than 19 digits (a card
 *   can hide inside it). GUIDs are skipped whole: correlation, order and attempt ids often
 *   have an all-digit 12-character group. This keeps `PD-20261122-9562MX`, dates, amounts
 *   and ids readable where the app wrote them legitimately.
 */

/** The fewest digits a card number has (ISO/IEC 7812). */
export const CARD_MIN_DIGITS = 12;
const CARD_MAX_DIGITS = 19;

const guid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * True for ASCII text with fewer than 12 digits in all: no run in it can reach a card's
 * length, and NFKC leaves ASCII as it is. Most text the app writes (ids, steps, timestamps,
 * amounts) is such, and skips the Unicode scan.
 */
function tooFewDigits(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return false;
    if (code >= 0x30 && code <= 0x39 && ++digits >= CARD_MIN_DIGITS) return false;
  }
  return true;
}

/** True when operator input holds 12 or more digits in one run, however separated or scripted. */
export const holdsCardDigits = (text: string): boolean =>
  !tooFewDigits(text) &&
  digitRuns(scanForm(text)).some((run) => run.digits.length >= CARD_MIN_DIGITS);

/** Whether a run of digits could be a card number (or hide one) in text the app writes. */
export function mayBeCard(digits: string): boolean {
  if (digits.length > CARD_MAX_DIGITS) return true;
  if (digits.length < CARD_MIN_DIGITS) return false;
  if (/^(?:0|1|20)/.test(digits)) return false;
  return luhnValid(digits);
}

const maskDigits = (digits: string) =>
  `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;

/**
 * Whether consecutive groups of a run (split at its separators) spell a card: a card typed
 * or pasted after another number (`ref 7 4111 1111 1111 1111`, `…/9/4111111111111111/`)
 * joins one run with it, whose digits as a whole fail the card checks.
 */
function hidesCardInGroups(runText: string): boolean {
  const groups = digitGroups(runText);
  for (let first = 0; first < groups.length; first += 1) {
    let digits = '';
    for (let last = first; last < groups.length && digits.length < CARD_MAX_DIGITS; last += 1) {
      digits += groups[last];
      if (first === 0 && last === groups.length - 1) break;
      if (mayBeCard(digits)) return true;
    }
  }
  return false;
}

/** Runs that may be cards, outside GUIDs, in the NFKC form of the text. */
function cardRuns(normalised: string): DigitRun[] {
  const blanked = normalised.replace(guid, (id) => '#'.repeat(id.length));
  return digitRuns(blanked).filter(
    (run) =>
      mayBeCard(run.digits) ||
      (run.digits.length > CARD_MIN_DIGITS && hidesCardInGroups(blanked.slice(run.start, run.end))),
  );
}

/**
 * `text` with every run that may be a card replaced by its first 6 + asterisks + last 4, in
 * ASCII digits. Text with nothing to mask comes back exactly as given (not even NFKC).
 */
export function maskCardNumbers(text: string): string {
  if (tooFewDigits(text)) return text;
  const normalised = scanForm(text);
  const runs = cardRuns(normalised);
  if (runs.length === 0) return text;
  let out = '';
  let at = 0;
  for (const run of runs) {
    out += normalised.slice(at, run.start) + maskDigits(run.digits);
    at = run.end;
  }
  return out + normalised.slice(at);
}
