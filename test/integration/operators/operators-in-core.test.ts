import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { TEST_CARD_EXPIRY } from '../../../main/core/sandbox';
import {
  createControllableClock,
  type ControllableClock,
} from '../../../main/preview/controllable-clock';
import { payLink } from '../../support/link-customer';
import {
  coreIpc,
  frictionless,
  frictionlessSale,
  openShop,
  quietReceipts,
  startTestCore,
} from '../../support/test-core';

let dataDir: string;
let core: Core;
let clock: ControllableClock;
let printed: string[];

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-operators-'));
  clock = createControllableClock();
  printed = [];
  core = await startTestCore({
    dataDir,
    clock,
    receipts: {
      ...quietReceipts,
      print: async (html) => {
        printed.push(html);
        return true;
      },
    },
  });
});

afterEach(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { value, codeOf } = coreIpc(() => core);
const sale = (reference: string, amount = '300.00') => frictionlessSale(reference, { amount });

const shop = () => openShop(core);

const events = () => core.security.audit.search({ beforeSeq: null, limit: 200 }).reverse();

describe('operators in the real core', () => {
  it('a fresh install needs no sign-in; switching operators on signs in the first admin', async () => {
    expect(await codeOf('historySearch', { filters: {}, cursor: null, limit: 5 })).toBe('ok');
    const state = await value('operatorsEnable', {
      operatorId: 'amal',
      displayName: 'Amal',
      secret: '111111',
    });
    expect(state).toMatchObject({
      operatorsEnabled: true,
      locked: false,
      operator: { operatorId: 'amal', role: 'admin' },
    });
    expect(
      await codeOf('operatorsEnable', { operatorId: 'x2', displayName: 'X', secret: '111111' }),
    ).toBe('operators-already-on');
  });

  it('records the cashier on the sale, scopes their history, and puts their first name on the receipt', async () => {
    await shop();
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    const mine = await value('salePay', sale('OMAR-1'));
    expect(mine.outcome).toBe('paid');
    await value('sessionSignIn', { operatorId: 'sara', secret: '333333' });
    const hers = await value('salePay', sale('SARA-1'));
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    const history = await value('historySearch', { filters: {}, cursor: null, limit: 10 });
    expect(history.rows.map((r) => [r.merchantReferenceId, r.operatorId])).toEqual([
      ['OMAR-1', 'omar'],
    ]);
    // Even asking for someone else's rows by filter gives the cashier only their own.
    const forged = await value('historySearch', {
      filters: { operatorId: 'sara' },
      cursor: null,
      limit: 10,
    });
    expect(forged.rows.map((r) => r.operatorId)).toEqual(['omar']);
    expect(await codeOf('historyDetail', { attemptId: hers.attemptId })).toBe('forbidden');
    await value('receiptPrint', { attemptId: mine.attemptId, copy: 'customer' });
    expect(printed[0]).toContain('Served by');
    expect(printed[0]).toMatch(/<dd>(<bdi[^>]*>)?Omar(<\/bdi>)?<\/dd>/);
    expect(printed[0]).not.toContain('Omar Ali');
    const detail = await value('historyDetail', { attemptId: mine.attemptId });
    expect(detail.events[0]?.operator).toBe('omar');
  });

  it('checking a sale follows History: a cashier checks only their own, a supervisor any', async () => {
    const before = await value('salePay', sale('NOBODY-1'));
    expect(await value('attemptCheck', { attemptId: before.attemptId })).toMatchObject({
      attemptId: before.attemptId,
      outcome: 'paid',
    });
    await shop();
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    const mine = await value('salePay', sale('OMAR-CHECK'));
    await value('sessionSignIn', { operatorId: 'sara', secret: '333333' });
    const hers = await value('salePay', sale('SARA-CHECK'));
    expect((await value('attemptCheck', { attemptId: mine.attemptId })).attemptId).toBe(
      mine.attemptId,
    );
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    for (const foreign of [hers.attemptId, before.attemptId]) {
      expect(await codeOf('historyDetail', { attemptId: foreign })).toBe('forbidden');
      expect(await codeOf('attemptCheck', { attemptId: foreign })).toBe('forbidden');
    }
    expect(await value('attemptCheck', { attemptId: mine.attemptId })).toMatchObject({
      attemptId: mine.attemptId,
      outcome: 'paid',
    });
    expect(await codeOf('attemptCheck', { attemptId: 'no-such-attempt' })).toBe(
      await codeOf('historyDetail', { attemptId: 'no-such-attempt' }),
    );
  });

  it('a cashier refund needs a supervisor on the spot; wrong PIN and self-approval are refused and recorded', async () => {
    await shop();
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    const paid = await value('salePay', sale('REFUND-1'));
    const refundOf10 = (approver?: { operatorId: string; secret: string }) => ({
      attemptId: paid.attemptId,
      amount: '10.00',
      approver,
    });
    expect(await codeOf('orderRefund', refundOf10())).toBe('approval-required');
    expect(await codeOf('orderRefund', refundOf10({ operatorId: 'sara', secret: '999999' }))).toBe(
      'approval-refused',
    );
    expect(await codeOf('orderRefund', refundOf10({ operatorId: 'omar', secret: '222222' }))).toBe(
      'self-approval',
    );
    const refund = await value('orderRefund', refundOf10({ operatorId: 'sara', secret: '333333' }));
    expect(refund.outcome).toBe('refunded');
    const stamped = refund.detail?.events.filter((e) => e.operator === 'omar/sara') ?? [];
    expect(stamped.length).toBeGreaterThan(0);
    const names = events().map((e) => e.event);
    expect(names).toEqual(
      expect.arrayContaining([
        'refund-requested',
        'approval-refused',
        'approval-granted',
        'refund-ended',
      ]),
    );
    // Four tries, one refund: it is requested once, when it goes ahead with its approval.
    expect(names.filter((name) => name === 'refund-requested')).toHaveLength(1);
    expect(events().find((e) => e.event === 'approval-granted')).toMatchObject({
      operatorId: 'sara',
      subject: paid.attemptId,
    });
  });

  it('a cashier capture or release of a hold needs a supervisor, stamped on its journal events', async () => {
    await shop();
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    const held = await value('salePay', { ...sale('HOLD-1'), authorizeOnly: true });
    expect(held.outcome).toBe('authorized');
    expect(await codeOf('holdCapture', { attemptId: held.attemptId })).toBe('approval-required');
    expect(await codeOf('holdRelease', { attemptId: held.attemptId })).toBe('approval-required');
    const captured = await value('holdCapture', {
      attemptId: held.attemptId,
      approver: { operatorId: 'sara', secret: '333333' },
    });
    expect(captured).toMatchObject({ outcome: 'captured', detail: { row: { status: 'paid' } } });
    expect(captured.detail?.events.find((e) => e.step === 'capture-sent')?.operator).toBe(
      'omar/sara',
    );
    expect(events().map((e) => e.event)).toEqual(
      expect.arrayContaining(['capture-requested', 'approval-granted', 'capture-ended']),
    );
  });

  it('a held payment link follows the same rules: a cashier capture needs a supervisor, on the ledger', async () => {
    await shop();
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    const link = await value('linkCreate', {
      amount: '120.00',
      currency: 'SAR',
      merchantReferenceId: 'LINK-HOLD-1',
      description: 'Phone order',
      phone: { countryCode: '+966', number: '501234567' },
      email: null,
      expiryHours: 24,
      authorizeOnly: true,
    });
    await payLink(link.url, {
      number: frictionless.number,
      expiry: `${TEST_CARD_EXPIRY.month}/${TEST_CARD_EXPIRY.year}`,
      cvc: '123',
      name: 'Sara Ahmed',
    });
    await expect
      .poll(async () => (await value('linkGet', { linkId: link.linkId })).status, {
        timeout: 10_000,
      })
      .toBe('held');
    const request = { attemptId: link.linkId, source: 'link' as const };
    expect(await codeOf('holdCapture', request)).toBe('approval-required');
    expect(await codeOf('holdRelease', request)).toBe('approval-required');
    // The card path does not know the link: the source says which record holds the order.
    expect(await codeOf('holdCapture', { attemptId: link.linkId })).not.toBe('ok');
    const captured = await value('holdCapture', {
      ...request,
      approver: { operatorId: 'sara', secret: '333333' },
    });
    expect(captured).toMatchObject({ outcome: 'captured', detail: null });
    expect((await value('linkGet', { linkId: link.linkId })).status).toBe('captured');
    const { linkJournal, name } = core.modes.active();
    expect(linkJournal.events(link.linkId).map((e) => e.step)).toContain('capture-sent');
    const file = join(dataDir, name === 'live' ? 'journal.sqlite' : 'training-journal.sqlite');
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      expect(
        db
          .prepare('SELECT kind, operator_id, approver_id FROM ledger WHERE record_id = ?')
          .all(link.linkId),
      ).toEqual([
        { kind: 'hold', operator_id: 'omar', approver_id: null },
        { kind: 'capture', operator_id: 'omar', approver_id: 'sara' },
      ]);
    } finally {
      db.close();
    }
    // The last request is the one that went ahead (the card path's try above found no record).
    expect(events().findLast((e) => e.event === 'capture-requested')).toMatchObject({
      subject: link.linkId,
      detail: '120.00 SAR',
    });
    expect(events().map((e) => e.event)).toEqual(
      expect.arrayContaining(['approval-granted', 'capture-ended']),
    );
  });

  it('above the threshold a supervisor needs a second one; a lone admin self-approves, flagged', async () => {
    await value('operatorsEnable', { operatorId: 'amal', displayName: 'Amal', secret: '111111' });
    await value('operatorsConfigure', { refundThresholds: { SAR: '100.00' } });
    const paid = await value('salePay', sale('BIG-1'));
    const refund = await value('orderRefund', { attemptId: paid.attemptId, amount: '150.00' });
    expect(refund.outcome).toBe('refunded');
    expect(events().find((e) => e.event === 'self-approved')?.detail).toContain('flag=z-report');

    await value('operatorsCreate', {
      operatorId: 'sara',
      displayName: 'Sara',
      role: 'supervisor',
      secret: '333333',
    });
    expect(await codeOf('orderRefund', { attemptId: paid.attemptId, amount: '120.00' })).toBe(
      'approval-required',
    );
    expect(await codeOf('orderRefund', { attemptId: paid.attemptId, amount: '50.00' })).toBe('ok');
  });

  it('five wrong PINs lock the operator for 30 minutes unless an admin unlocks', async () => {
    await shop();
    for (let i = 0; i < 4; i += 1) {
      expect(await codeOf('sessionSignIn', { operatorId: 'omar', secret: '000000' })).toBe(
        'sign-in-failed',
      );
    }
    expect(await codeOf('sessionSignIn', { operatorId: 'omar', secret: '000000' })).toBe(
      'operator-locked-out',
    );
    expect(await codeOf('sessionSignIn', { operatorId: 'omar', secret: '222222' })).toBe(
      'operator-locked-out',
    );
    clock.advance(29 * 60_000);
    expect(await codeOf('sessionSignIn', { operatorId: 'omar', secret: '222222' })).toBe(
      'operator-locked-out',
    );
    await value('sessionSignIn', { operatorId: 'amal', secret: '111111' });
    const list = await value('operatorsList', {});
    expect(list.operators.find((o) => o.operatorId === 'omar')?.lockedUntil).not.toBeNull();
    await value('operatorsUnlock', { operatorId: 'omar' });
    expect(await codeOf('sessionSignIn', { operatorId: 'omar', secret: '222222' })).toBe('ok');
    expect(events().map((e) => e.event)).toEqual(expect.arrayContaining(['lockout', 'unlock']));
  });

  it('locks after the idle time on main’s clock (15 minutes at most in live mode) and by Ctrl+L', async () => {
    await shop();
    await value('operatorsConfigure', { idleMinutes: 30 });
    await value('settingsUpdate', {
      environment: 'ksa',
      receiptHeader: { merchantName: 'Dar', address: '', vatNumber: '' },
    });
    expect((await value('sessionState', {})).idleMinutes).toBe(15);
    clock.advance(15 * 60_000 + 1);
    expect(core.security.operators.tick()).toBe(true);
    expect(await codeOf('historySearch', { filters: {}, cursor: null, limit: 5 })).toBe('locked');
    await value('sessionSignIn', { operatorId: 'amal', secret: '111111' });
    await value('sessionLock', {});
    expect(await value('sessionState', {})).toMatchObject({
      locked: true,
      operator: { operatorId: 'amal' },
    });
    expect(await codeOf('operatorsDisable', {})).toBe('locked');
    await value('sessionSignIn', { operatorId: 'amal', secret: '111111' });
    expect(await codeOf('operatorsDisable', {})).toBe('operators-live-only');
  });

  it('records settings and credential changes (what changed, never the secret), and the chain verifies', async () => {
    await shop();
    await value('settingsUpdate', { amountCap: '5000' });
    await value('settingsUpdate', {
      environment: 'ksa',
      receiptHeader: { merchantName: 'Dar', address: '', vatNumber: '' },
    });
    await value('credentialsSet', {
      merchantPublicKey: 'pk_live_1234',
      apiPassword: 'very-secret-password',
    });
    const rows = events();
    expect(rows.filter((e) => e.event === 'settings-changed')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operatorId: 'amal', detail: 'fields=amountCap' }),
        expect.objectContaining({ operatorId: 'amal', detail: 'fields=environment,receiptHeader' }),
        expect.objectContaining({ operatorId: 'amal', subject: 'gateway' }),
      ]),
    );
    expect(rows.find((e) => e.event === 'credentials-changed')).toMatchObject({
      operatorId: 'amal',
      subject: 'credentials',
    });
    expect(JSON.stringify(rows)).not.toContain('very-secret-password');
    expect(await value('auditVerify', {})).toEqual({ rows: rows.length, broken: null });
  });
});
