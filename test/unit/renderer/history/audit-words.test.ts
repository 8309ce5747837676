import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translators } from '../translators';
import { auditTrailWords, type AuditEventText } from '../../../../renderer/src/history/audit-words';
import { ar } from '../../../../renderer/src/i18n/ar';
import { en } from '../../../../renderer/src/i18n/en';

let english: TFunction;
let arabic: TFunction;

beforeAll(async () => {
  ({ english, arabic } = await translators());
});

const event = (step: string, outcome: string, detail: string | null = null): AuditEventText => ({
  step,
  outcome,
  detail,
});

// The journal's rows for a sale with a one-time code, as the engine writes them: Initiate
// answers ContinueToPayer, Authenticate Payer answers ContinueToPay with the challenge (the
// seed's reference flow), Pay goes out once the challenge passed.
const challenged = [
  event('created', 'started'),
  event('session', 'created'),
  event('initiate', 'ContinueToPayer'),
  event('payer', 'ContinueToPay', 'method ran'),
  event('pay-sent', 'sent', 'challenge passed'),
  event('settled', 'paid'),
];

const words = (t: TFunction, events: readonly AuditEventText[]) =>
  auditTrailWords(t, events).map((row) => row.words);

// Code names, key=value tokens and JSON: none may be part of the words.
const rawShape = /\b[a-z]+(?:-[a-z]+)+\b|[{}=]|ContinueTo|\bpayer\b/;

describe('audit trail in words', () => {
  it('a one-time-code sale is never worded as needing no verification', () => {
    const lines = words(english, challenged);
    expect(lines[2]).toMatchObject({ step: 'Card check', outcome: 'Customer verification needed' });
    expect(lines[3]?.step).toBe('Customer verification');
    expect(lines[3]?.outcome).not.toMatch(/no customer verification/i);
    expect(lines[4]).toMatchObject({
      step: 'Charge sent to the bank',
      note: 'Customer verification passed',
    });
    expect(lines.flatMap((line) => [line.step, line.outcome, line.note ?? ''])).not.toContain(
      'No customer verification needed',
    );
  });

  it('a frictionless card says so where Initiate decided it', () => {
    const lines = words(english, [
      event('created', 'started'),
      event('initiate', 'ContinueToPay'),
      event('pay-sent', 'sent', 'ContinueToPay'),
    ]);
    expect(lines[1]?.outcome).toBe('No customer verification needed');
    expect(lines[2]?.note).toBe('No customer verification needed');
  });

  it('an authorize-only payment is logged as a hold, in both languages', () => {
    const hold = [
      event('created', 'started', 'authorize only'),
      event('initiate', 'ContinueToPay'),
      event('pay-sent', 'sent', 'ContinueToPay'),
      event('pay-sent', 'resent', 'ContinueToPay'),
    ];
    const lines = words(english, hold);
    expect(lines[2]?.step).toBe('Hold sent to the bank');
    expect(lines[3]?.outcome).toBe('Sent again (same hold)');
    expect(lines.map((line) => line.step)).not.toContain('Charge sent to the bank');
    expect(words(arabic, hold)[2]?.step).toBe(ar.audit.holdSent);
  });

  it('every known row reads without code names, in English and Arabic', () => {
    for (const t of [english, arabic]) {
      for (const line of words(t, challenged)) {
        expect([line.step, line.outcome, line.note ?? ''].join(' ')).not.toMatch(rawShape);
        expect(line.codes).toEqual([]);
      }
    }
    const arabicText = words(arabic, challenged)
      .map((line) => `${line.step} ${line.outcome} ${line.note ?? ''}`)
      .join(' ');
    expect(arabicText).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('values no table knows get a generic word and keep the value for the details line', () => {
    const [line] = words(english, [event('dispute-opened', 'chargeback-received', 'case=77')]);
    expect(line).toEqual({
      step: 'Other (see the details for support)',
      outcome: 'Other (see the details for support)',
      note: 'Other (see the details for support)',
      codes: ['dispute-opened', 'chargeback-received', 'case=77'],
    });
  });

  it('keeps facts as typed, and failure codes and other counters in words', () => {
    const lines = words(english, [
      event('refund-sent', 'sent', '12.50'),
      event('refund', 'declined', 'gateway-timeout'),
      event('refund-elsewhere', 'refunded', 'front-2'),
    ]);
    expect(lines[0]).toMatchObject({ step: 'Refund sent', note: '12.50', codes: [] });
    expect(lines[1]?.note).toBe(en.errors['gateway-timeout']);
    expect(lines[2]?.note).toBe('At counter \u2066front-2\u2069');
    expect(lines[2]?.codes).toEqual([]);
  });
});
