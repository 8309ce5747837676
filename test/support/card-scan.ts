import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { digitRuns, scanForm } from '../../shared/text/digit-runs';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Bytes of card number found in `texts`: for each text, read as the card guard reads it
 * (NFKC, any script's digits, any separator run), every run that holds one of `cards`
 * counts the card's length. Zero when clean.
 */
export function cardBytesIn(texts: readonly string[], cards: readonly string[]): number {
  let bytes = 0;
  for (const text of texts) {
    for (const run of digitRuns(scanForm(text))) {
      for (const card of cards) if (run.digits.includes(card)) bytes += card.length;
    }
  }
  return bytes;
}

/**
 * Every file under the folders, as UTF-8 and as Latin-1 text (SQLite pages and logs hold
 * both), plus the file names themselves, for cardBytesIn.
 */
export function textsUnder(...dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    filesUnder(dir).flatMap((path) => {
      const bytes = readFileSync(path);
      return [path, bytes.toString('utf8'), bytes.toString('latin1')];
    }),
  );
}
