import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { journalPayInDoubt } from '../../support/pay-in-doubt';
import { coreIpc, firstAdmin, openShop, startTestCore } from '../../support/test-core';
import { newAttempt } from '../journal/temp-journal';

/**
 * A payment in doubt blocks the Z until a supervisor acknowledges it, and with
 * operators on that supervisor types their ID and PIN at the counter, as for a refund
 * (the on-the-spot approval): through the real core, its router, permission table, journal,
 * reader thread and audit trail.
 */

let dataDir: string;
let core: Core;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-acknowledge-'));
  core = await startTestCore({ dataDir });
});

afterEach(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { value, codeOf } = coreIpc(() => core);

/** A Pay sent without an answer, in the active mode's journal: its money is in doubt. */
function paymentInDoubt(): string {
  const attempt = newAttempt({ createdAt: Date.now(), amountMinor: 4_000 });
  journalPayInDoubt(core.modes.active().journal, attempt);
  return attempt.attemptId;
}

const auditRows = (event: string) =>
  core.security.audit.search({ beforeSeq: null, limit: 200 }).filter((row) => row.event === event);

describe('acknowledging a payment in doubt before the Z', () => {
  it('operators on: a second supervisor approves at the counter, in their name', async () => {
    await openShop(core);
    const attemptId = paymentInDoubt();
    expect(await codeOf('shiftClose', {})).toBe('shift-in-doubt');

    // The signed-in admin's role is not enough: the approval dialog opens.
    expect(await codeOf('shiftAcknowledge', { attemptId })).toBe('approval-required');
    const approve = (operatorId: string, secret: string) =>
      codeOf('shiftAcknowledge', { attemptId, approver: { operatorId, secret } });
    expect(await approve('amal', '111111')).toBe('self-approval');
    expect(await approve('sara', '999999')).toBe('approval-refused');
    expect(await approve('omar', '222222')).toBe('approval-refused');
    expect(await codeOf('shiftClose', {})).toBe('shift-in-doubt');
    expect(await approve('sara', '333333')).toBe('ok');

    expect(auditRows('approval-granted')).toEqual([
      expect.objectContaining({ operatorId: 'sara', subject: attemptId }),
    ]);
    expect(auditRows('in-doubt-acknowledged')).toEqual([
      expect.objectContaining({ operatorId: 'sara', subject: attemptId }),
    ]);
    const z = await value('shiftClose', {});
    expect(z.report.zNumber).toBe(1);
    expect(z.report.inDoubt).toEqual([
      expect.objectContaining({ attemptId, acknowledged: true, acknowledgedBy: 'sara' }),
    ]);
  });

  it('a shop of one admin: self-approved, flagged for the Z in the audit trail', async () => {
    await value('operatorsEnable', firstAdmin);
    const attemptId = paymentInDoubt();
    expect(await codeOf('shiftAcknowledge', { attemptId })).toBe('ok');
    expect(auditRows('self-approved')).toEqual([
      expect.objectContaining({
        operatorId: 'amal',
        subject: attemptId,
        detail: expect.stringContaining('flag=z-report'),
      }),
    ]);
    expect((await value('shiftClose', {})).report.inDoubt[0]?.acknowledgedBy).toBe('amal');
  });

  it('operators off: the owner acknowledges, as before', async () => {
    const attemptId = paymentInDoubt();
    expect(await codeOf('shiftAcknowledge', { attemptId: 'not-in-doubt' })).toBe('not-in-doubt');
    expect(await codeOf('shiftAcknowledge', { attemptId })).toBe('ok');
    expect(auditRows('in-doubt-acknowledged')).toEqual([
      expect.objectContaining({ operatorId: null, subject: attemptId }),
    ]);
    const z = await value('shiftClose', {});
    expect(z.report.inDoubt[0]).toMatchObject({ acknowledged: true, acknowledgedBy: null });
  });
});
