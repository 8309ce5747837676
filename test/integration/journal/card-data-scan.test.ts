import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalError } from '../../../main/core/journal';
import type { SavedCardToken } from '../../../main/core/ports';
import { consentOf, issue, tempDirectory, tokenOf } from '../customers/customer-harness';
import { newAttempt, tempJournal } from './temp-journal';

/**
 * The journal file, byte for byte, after every place that takes text has been handed full
 * test card numbers: none may be found, as text (plain or grouped) or as a stored integer.
 */

const cards = ['5123450000000008', '4440000009900010', '371449635398431'];

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.remove());

function needles(card: string): Buffer[] {
  const grouped = card.replace(/(\d{4})(?=\d)/g, '$1 ');
  const integer = Buffer.alloc(8);
  integer.writeBigInt64BE(BigInt(card));
  return [Buffer.from(card), Buffer.from(grouped), Buffer.from(card.slice(4)), integer];
}

function filesHolding(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const bytes = readFileSync(join(dir, name));
    return cards.flatMap((card) =>
      needles(card)
        .filter((needle) => bytes.includes(needle))
        .map((needle) => `${name}: ${card} as ${needle.toString('hex')}`),
    );
  });
}

describe('journal file', () => {
  it('holds no full card number in the database, WAL or shared memory', () => {
    for (const [i, card] of cards.entries()) {
      const attempt = newAttempt({
        first6: card.slice(0, 6),
        last4: card.slice(-4),
        holderName: `HOLDER ${card}`,
        merchantReferenceId: `REF-${i}`,
      });
      t.journal.createAttempt(attempt, {
        step: 'created',
        outcome: 'ok',
        detail: `card ${card.replace(/(\d{4})(?=\d)/g, '$1 ')} typed`,
        operator: `op-${card}`,
      });
      t.journal.transition(
        attempt.attemptId,
        {
          status: 'declined',
          failure: {
            code: 'declined',
            gatewayCode: card,
            gatewayMessage: `Card ${card} declined`,
            correlationId: null,
          },
        },
        { step: 'pay', outcome: 'declined', detail: card },
      );
    }
    // Written, not yet checkpointed: the rows are in the WAL.
    expect(readdirSync(t.dir)).toEqual(expect.arrayContaining(['journal.sqlite-wal']));
    expect(filesHolding(t.dir)).toEqual([]);
    expect(t.journal.search({ text: 'REF-0' }, null, 1).rows[0]?.masked).toBe('512345******0008');

    // Closing checkpoints the WAL into the main file.
    t.journal.close();
    expect(readdirSync(t.dir)).toEqual(['journal.sqlite']);
    expect(filesHolding(t.dir)).toEqual([]);
  });
});

describe('card check rows', () => {
  const check = (card: string, i: number) => ({
    checkId: `check-${i}`,
    merchantReferenceId: `REF-${i}`,
    amountMinor: 1000,
    currency: 'SAR' as const,
    brand: null,
    first6: card.slice(0, 6),
    last4: card.slice(-4),
    sessionId: `session-${i}`,
    gatewayBaseUrl: 'https://gateway.example/',
    merchantPublicKey: 'key',
    createdAt: 1,
  });

  it('keep first 6 and last 4 only; card text in their detail is masked', () => {
    for (const [i, card] of cards.entries()) {
      t.journal.cardChecks.open(check(card, i));
      t.journal.cardChecks.update(`check-${i}`, { state: 'failed', detail: `refused ${card}` });
    }
    expect(t.journal.cardChecks.get('check-0')?.detail).toBe('refused 512345******0008');
    expect(filesHolding(t.dir)).toEqual([]);
    t.journal.close();
    expect(filesHolding(t.dir)).toEqual([]);
  });

  it('refuse a full number in the card fields or the reference', () => {
    const [card = ''] = cards;
    expect(() => t.journal.cardChecks.open({ ...check(card, 0), first6: card })).toThrow(
      JournalError,
    );
    expect(() =>
      t.journal.cardChecks.open({ ...check(card, 1), merchantReferenceId: card }),
    ).toThrow(JournalError);
    expect(t.journal.cardChecks.get('check-0')).toBeNull();
    expect(filesHolding(t.dir)).toEqual([]);
  });
});

describe('customers, saved cards and consents', () => {
  it('hold no full card number after card numbers are typed and sent into every field', async () => {
    t.remove();
    const d = tempDirectory({ merchantName: 'Dar', merchantCountry: 'SA' });
    t = d;
    const refused: string[] = [];
    for (const card of cards) {
      const grouped = card.replace(/(\d{4})(?=\d)/g, '$1 ');
      for (const change of [
        { name: `Sara ${grouped}` },
        { notes: `card ${card}` },
        { email: `${card}@example.com` },
        { phone: { countryCode: '', number: card } },
      ]) {
        await d.directory
          .save({ name: 'Sara', phone: null, email: null, notes: '', ...change }, null)
          .catch((error: { code: string }) => refused.push(error.code));
      }
    }
    expect(refused).toEqual(Array(cards.length * 4).fill('customer-invalid'));
    const customer = await d.directory.save(
      { name: 'Sara', phone: null, email: null, notes: '' },
      null,
    );
    const consent = await consentOf(d.directory, customer.customerId);
    const save = (attemptId: string, token: SavedCardToken) =>
      issue(d.directory, customer.customerId, consent, attemptId, { token });
    for (const [i, card] of cards.entries()) {
      // The gateway's facts showing the card: the whole number as mask or as token id.
      save(`attempt-${i}`, tokenOf({ maskedCard: card, brand: `Brand ${card}` }));
      save(`attempt-token-${i}`, tokenOf({ tokenId: card }));
    }
    // One well-formed card, removed, and the customer deleted: the audit file is scanned too.
    save('attempt-ok', tokenOf({ brand: `Brand ${cards[0]}` }));
    const [kept] = (await d.directory.get(customer.customerId)).cards;
    expect(kept).toMatchObject({ maskedCard: '512345******0008', brand: 'Brand 512345******0008' });
    await d.directory.removeCard(customer.customerId, kept!.cardId, null);
    await d.directory.delete(customer.customerId, null);
    expect(filesHolding(d.dir)).toEqual([]);
    d.journal.close();
    expect(filesHolding(d.dir)).toEqual([]);
  });
});
