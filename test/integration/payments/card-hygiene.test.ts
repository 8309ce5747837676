import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testCards } from '../../../main/core/sandbox/test-cards';
import { cardDataFindings, TEST_CVV } from './fixtures/card-hygiene';
import { startPaymentHarness } from './fixtures/payment-harness';

describe('card hygiene: no full card number or CVV in any journal or log', () => {
  it('after every test card, a lost Pay answer and a refund, the files are clean', async () => {
    const h = await startPaymentHarness();
    try {
      for (const card of testCards) await h.pay(h.sale(card.number));
      h.sandbox.faults.losePayAnswer(1);
      const paid = await h.pay(h.sale('5123450000000008'));
      await h.refund(paid.attemptId, '1.00');
      // The WAL file is scanned too, so the journal may stay open. The scan must have something to read: the log holds every gateway call.
      expect(readFileSync(h.logPath, 'utf8')).toContain('gateway call');
      expect(cardDataFindings(h.dir)).toEqual([]);
    } finally {
      // close() scans once more after the journal is checkpointed and closed.
      await h.close();
    }
  });

  it('card checks (continued, replaced, dropped, refused) leave no card number behind', async () => {
    const h = await startPaymentHarness();
    try {
      const sale = h.sale('5123450000000008');
      const order = {
        amount: sale.amount,
        currency: sale.currency,
        merchantReferenceId: sale.merchantReferenceId,
      };
      for (const card of testCards)
        await h.service.checkCard({ ...order, cardNumber: card.number });
      h.service.dropCardCheck();
      h.sandbox.faults.failNext('initiate', 1, 503);
      await h.service.checkCard({ ...order, cardNumber: '4440000009900010' });
      await h.service.checkCard({ ...order, cardNumber: sale.card.number });
      expect((await h.pay(sale)).outcome).toBe('paid');
      expect(readFileSync(h.logPath, 'utf8')).toContain('gateway call');
      expect(cardDataFindings(h.dir)).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('the scan finds a card number, a grouped one, a cvv field and a CVV token (it can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-scan-check-'));
    try {
      writeFileSync(join(dir, 'a.log'), `card ${testCards[0]?.number}\n`);
      writeFileSync(join(dir, 'b.log'), 'card 4440 0000 0990 0010\n');
      writeFileSync(join(dir, 'f.log'), 'card ٤٤٤٠.٠٠٠٠.٠٩٩٠.٠٠١٠\n');
      writeFileSync(join(dir, 'c.log'), '{"cvv":"x"}\n');
      writeFileSync(
        join(dir, 'd.log'),
        `code ${TEST_CVV} here, not at 2026-01-01T00:00:00.${TEST_CVV}Z\n`,
      );
      writeFileSync(
        join(dir, 'e.log'),
        `fine: 2026-01-01T00:00:00.${TEST_CVV}Z 512345******0008\n`,
      );
      const findings = cardDataFindings(dir);
      expect(findings.filter((f) => f.includes('a.log'))).toHaveLength(1);
      expect(findings.filter((f) => f.includes('b.log'))).toHaveLength(1);
      expect(findings.filter((f) => f.includes('c.log'))).toHaveLength(1);
      expect(findings.filter((f) => f.includes('d.log'))).toHaveLength(1);
      expect(findings.filter((f) => f.includes('e.log'))).toHaveLength(0);
      expect(findings.filter((f) => f.includes('f.log'))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
