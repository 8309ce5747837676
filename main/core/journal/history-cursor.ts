import { z } from 'zod';
import { JournalError } from '../platform/journal-error';

/** A position in the history's order: newest first, attempt id breaking ties. */
export interface HistoryPosition {
  createdAt: number;
  attemptId: string;
}

const positionSchema = z.tuple([z.number().int().nonnegative(), z.string().min(1).max(64)]);

/**
 * Opaque to the renderer: it hands the cursor back unchanged. Keyset, not offset, so a page
 * costs the same at row 50 and at row 500,000, and rows written meanwhile (a new sale at
 * the top) neither repeat nor skip rows on the next page.
 */
export function encodeCursor(position: HistoryPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.attemptId])).toString(
    'base64url',
  );
}

/**
 * The renderer is untrusted: a cursor it did not get from us is refused by name; the IPC layer
 * tells the operator to search again.
 */
export function decodeCursor(cursor: string): HistoryPosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = positionSchema.safeParse(decoded);
  if (!parsed.success) {
    throw new JournalError('invalid-cursor', 'The history page is out of date; search again.');
  }
  const [createdAt, attemptId] = parsed.data;
  return { createdAt, attemptId };
}
