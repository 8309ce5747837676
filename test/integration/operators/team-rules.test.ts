import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import {
  createControllableClock,
  type ControllableClock,
} from '../../../main/preview/controllable-clock';
import { filesText } from '../../support/files-text';
import {
  coreIpc,
  frictionless,
  frictionlessSale,
  openShop,
  startTestCore,
} from '../../support/test-core';

/**
 * The team's rules as the core enforces them, whatever a window offers: nobody switches
 * themselves off or demotes the last admin, a supervisor unlocks cashiers only, a
 * switched-off ID comes back on as the same account, and what is typed into a sign-in
 * field reaches the audit trail only when it is a known operator's ID.
 */
let dataDir: string;
let core: Core;
let clock: ControllableClock;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-team-'));
  clock = createControllableClock();
  core = await startTestCore({ dataDir, clock });
  await openShop(core);
});

afterEach(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { call, value, codeOf } = coreIpc(() => core);
const auditText = () => JSON.stringify(core.security.audit.search({ beforeSeq: null, limit: 500 }));
const wrong = (operatorId: string) => call('sessionSignIn', { operatorId, secret: '000000' });

describe('the team’s rules in the core', () => {
  it('nobody switches themselves off; the last admin is neither demoted nor switched off', async () => {
    expect(await codeOf('operatorsUpdate', { operatorId: 'amal', disabled: true })).toBe(
      'self-disable',
    );
    expect(await codeOf('operatorsUpdate', { operatorId: 'amal', role: 'supervisor' })).toBe(
      'last-admin',
    );
    // With a second admin, Amal may step down; the other admin then cannot.
    await value('operatorsUpdate', { operatorId: 'sara', role: 'admin' });
    await value('operatorsUpdate', { operatorId: 'amal', role: 'cashier' });
    await value('sessionSignIn', { operatorId: 'sara', secret: '333333' });
    expect(await codeOf('operatorsUpdate', { operatorId: 'sara', role: 'cashier' })).toBe(
      'last-admin',
    );
    expect(await codeOf('operatorsUpdate', { operatorId: 'sara', disabled: true })).toBe(
      'self-disable',
    );
  });

  it('a switched-off ID is switched on again as the same account, listed once', async () => {
    await value('operatorsUpdate', { operatorId: 'omar', disabled: true });
    expect(await codeOf('sessionSignIn', { operatorId: 'omar', secret: '222222' })).toBe(
      'operator-disabled',
    );
    await value('sessionSignIn', { operatorId: 'amal', secret: '111111' });
    expect(
      await codeOf('operatorsCreate', {
        operatorId: 'omar',
        displayName: 'Omar Khan',
        role: 'cashier',
        secret: '444444',
      }),
    ).toBe('operator-exists');
    await value('operatorsUpdate', { operatorId: 'omar', disabled: false, secret: '555555' });
    const listed = (await value('operatorsList', {})).operators.filter(
      (o) => o.operatorId === 'omar',
    );
    expect(listed).toEqual([expect.objectContaining({ disabled: false, role: 'cashier' })]);
    expect(await codeOf('sessionSignIn', { operatorId: 'omar', secret: '555555' })).toBe('ok');
  });

  it('a supervisor unlocks a cashier, not an admin; a cashier unlocks nobody', async () => {
    for (let i = 0; i < 5; i += 1) await wrong('omar');
    for (let i = 0; i < 5; i += 1) await wrong('amal');
    await value('sessionSignIn', { operatorId: 'sara', secret: '333333' });
    expect(await codeOf('operatorsUnlock', { operatorId: 'amal' })).toBe('forbidden');
    expect(await codeOf('operatorsUpdate', { operatorId: 'omar', role: 'admin' })).toBe(
      'forbidden',
    );
    await value('operatorsUnlock', { operatorId: 'omar' });
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    expect(await codeOf('operatorsUnlock', { operatorId: 'amal' })).toBe('forbidden');
    expect(await codeOf('operatorsList', {})).toBe('forbidden');
    clock.advance(31 * 60_000);
    expect(await codeOf('sessionSignIn', { operatorId: 'amal', secret: '111111' })).toBe('ok');
  });

  it('a wrong try says how many are left; a lockout says when it ends', async () => {
    const first = await wrong('omar');
    expect(first).toMatchObject({ ok: false, error: { params: { triesLeft: 4 } } });
    for (let i = 0; i < 3; i += 1) await wrong('omar');
    const before = clock.now();
    const locked = await wrong('omar');
    const until = locked.ok ? null : locked.error.params?.lockedUntil;
    expect(locked).toMatchObject({ ok: false, error: { code: 'operator-locked-out' } });
    expect(until).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(until).toBeLessThanOrEqual(clock.now() + 30 * 60_000);
    // An unknown ID gets no count: there is none to give.
    const unknown = await wrong('nobody');
    expect(unknown).toMatchObject({ ok: false, error: { code: 'sign-in-failed' } });
    expect(unknown.ok ? 'ok' : unknown.error.params).toBeUndefined();
  });

  it('a PIN typed into the ID field reaches neither the audit trail nor any file', async () => {
    await value('sessionSignOut', {});
    expect(await codeOf('sessionSignIn', { operatorId: '1472583', secret: '' })).toBe(
      'sign-in-failed',
    );
    // The approval dialog's ID field too.
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    expect(auditText()).not.toContain('1472583');
    expect(auditText()).toContain('unknown-id');
    // A known ID typed there is kept: the admin must see who was tried.
    await wrong('omar');
    expect(auditText()).toContain('"subject":"omar"');
    await core.close();
    expect(filesText(dataDir)).not.toContain('1472583');
    core = await startTestCore({ dataDir, clock });
  });

  it('the approval’s audit row names the action, amount, masked card, reference and requester', async () => {
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    const paid = await value('salePay', frictionlessSale('TEAM-APPROVE-1'));
    await value('orderRefund', {
      attemptId: paid.attemptId,
      amount: '10.00',
      approver: { operatorId: 'sara', secret: '333333' },
    });
    const granted = core.security.audit
      .search({ beforeSeq: null, limit: 100 })
      .find((row) => row.event === 'approval-granted');
    const card = `${frictionless.number.slice(0, 6)}…${frictionless.number.slice(-4)}`;
    expect(granted).toMatchObject({
      operatorId: 'sara',
      detail: `refund 10.00 SAR card=${card} reference=TEAM-APPROVE-1 for=omar`,
    });
    expect(auditText()).not.toContain(frictionless.number);
  });

  it('store channels answer nothing while operators are off', async () => {
    await value('operatorsDisable', {});
    expect(await codeOf('storeHistory', { filters: {}, cursor: null, limit: 5 })).toBe(
      'store-needs-operators',
    );
    expect(await codeOf('historySearch', { filters: {}, cursor: null, limit: 5 })).toBe('ok');
  });
});
