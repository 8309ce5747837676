import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translators } from '../translators';
import { auditDetailWords } from '../../../../renderer/src/operators/audit-detail-words';
import { operatorChoices } from '../../../../renderer/src/operators/operator-choices';

let english: TFunction;
let arabic: TFunction;

beforeAll(async () => {
  ({ english, arabic } = await translators());
});

const names = { sara: 'Sara Ahmed', omar: 'Omar Khan' };
// Isolates are for the layout; the words are compared without them.
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
// Details as main writes them today (money-back, approvals, settings audit, shift adopt).
const written = [
  'refunded approver=sara',
  'refund approver=omar own request',
  'sign-in try=2',
  'five wrong tries',
  'from=none:training-selected to=https://gw.example.com credentials-cleared',
  'fields=displayName,role role=supervisor',
  '{"gatewayStatus":"Paid","journalKind":"declined","difference":"status-differs","effect":"taken"}',
  'refund 12.50 SAR flag=z-report',
];

describe('security audit details in words', () => {
  it('reads each detail main writes, without tokens or JSON, in English', () => {
    const texts = written.map((detail) => auditDetailWords(english, detail, names));
    expect(texts.map((words) => plain(words.text))).toEqual([
      'Refunded · Approved by: Sara Ahmed',
      'Refund · Approved by: Omar Khan · own request',
      'Sign-in · Wrong tries so far: 2',
      'five wrong tries',
      'From: Training (simulated gateway) · To: https://gw.example.com · credentials removed',
      'Changed: name, role · Role: Supervisor',
      'Gateway status: Paid · Paydesk status: Declined · Difference: statuses differ · Effect on the money: money taken',
      'Refund · 12.50 · SAR · Flagged for: the Z report',
    ]);
    for (const words of texts) {
      expect(words.codes).toEqual([]);
      expect(words.text).not.toMatch(/[{}=]|\b[a-z]+-[a-z]+\b/);
    }
  });

  it('in Arabic, with only values (IDs, hosts, amounts) left in Latin letters', () => {
    for (const detail of written) {
      const words = auditDetailWords(arabic, detail, names);
      const latin = plain(words.text)
        .replace(/https:\/\/\S+|Sara Ahmed|Omar Khan|SAR|Paydesk|PIN|TLS|Z\b/g, '')
        .match(/[A-Za-z]{3,}/g);
      expect(latin, detail).toBeNull();
      expect(words.codes).toEqual([]);
    }
  });

  it('a part no table knows reads as a generic word and is kept for the details line', () => {
    const words = auditDetailWords(english, 'dispute-opened case=77', names);
    expect(words.text).toBe(
      'Other (see the details for support) · Other (see the details for support)',
    );
    expect(words.codes).toEqual(['dispute-opened', 'case=77']);
  });

  it('lists a shared name once per operator, told apart by ID', () => {
    const choices = operatorChoices({ omar: 'Omar Khan', omar2: 'Omar Khan', sara: 'Sara' });
    expect(choices.map((choice) => plain(choice.label))).toEqual([
      'Omar Khan (omar)',
      'Omar Khan (omar2)',
      'Sara',
    ]);
    expect(new Set(choices.map((choice) => choice.label)).size).toBe(3);
  });
});
