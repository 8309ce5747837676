import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuditTrail, type AuditTrail } from '../../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../../main/core/audit/sqlite-audit-store';
import { CodedFailure } from '../../../../main/core/coded-failure';
import { approveOnTheSpot } from '../../../../main/core/operators/approvals';
import { lockoutPolicy } from '../../../../main/core/operators/lockout';
import {
  createOperatorsService,
  type OperatorsService,
} from '../../../../main/core/operators/operators-service';
import type { OperatorStore } from '../../../../main/core/operators/operator-store';
import { hashSecret } from '../../../../main/core/operators/secret-hash';
import { openSecurityDatabase } from '../../../../main/core/operators/security-database';
import { createSqliteOperatorStore } from '../../../../main/core/operators/sqlite-operator-store';

const RIGHT = '333333';
const WRONG = '000000';
const TRIES = 40;

let dir: string;
let close: () => void;
let now: number;
let audit: AuditTrail;
let operators: OperatorsService;
let store: OperatorStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-parallel-tries-'));
  now = Date.UTC(2025, 0, 6, 9);
  const clock = { now: () => now };
  const db = openSecurityDatabase(join(dir, 'security.sqlite'), now);
  close = () => db.close();
  audit = createAuditTrail({ store: createSqliteAuditStore(db), key: Buffer.alloc(32, 7), clock });
  store = createSqliteOperatorStore(db);
  operators = createOperatorsService({
    store,
    audit,
    clock,
    live: () => false,
  });
  await operators.enable({ operatorId: 'admin', displayName: 'Admin', secret: '111111' });
  await operators.accounts.create(
    { operatorId: 'omar', displayName: 'Omar', role: 'cashier', secret: '222222' },
    'admin',
  );
  await operators.accounts.create(
    { operatorId: 'sara', displayName: 'Sara', role: 'supervisor', secret: RIGHT },
    'admin',
  );
});

afterEach(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

const outcome = (answer: Promise<unknown>) =>
  answer.then(
    () => 'ok',
    (error: unknown) => (error instanceof CodedFailure ? error.code : String(error)),
  );

const signIn = (secret: string) => outcome(operators.signIn('sara', secret));

const approve = (secret: string) =>
  outcome(
    approveOnTheSpot({
      accounts: operators.accounts,
      audit,
      requester: { operatorId: 'omar', displayName: 'Omar', role: 'cashier' },
      request: {
        kind: 'refund',
        subject: 'attempt-1',
        detail: '10.00 SAR',
        approver: { operatorId: 'sara', secret },
      },
    }),
  );

/** Sara's tries in the audit trail, oldest first: what each was told, never the secret. */
const triesAudited = () =>
  audit
    .search({ beforeSeq: null, limit: 500 })
    .reverse()
    .filter((row) => row.subject === 'sara' && ['sign-in-failed', 'lockout'].includes(row.event))
    .map((row) => `${row.event} ${row.detail}`);

/** All tries sent at once, in this order: each starts before any KDF has ended. */
const race = (secrets: string[], send: (secret: string) => Promise<string>) =>
  Promise.all(secrets.map(send));

const withRightAt = (place: number) =>
  Array.from({ length: TRIES }, (_, i) => (i === place ? RIGHT : WRONG));

/**
 * Tries are counted in the order they arrive. The first five reach the KDF; the fifth count
 * locks the account, so the rest are refused unseen. A right PIN among the first four is
 * refused too: a wrong try counted after it locked the account before its KDF ended. As the
 * fifth, after four wrong ones, it signs in as it would typed alone.
 */
const placesAndOutcomes = [
  { name: 'first', place: 0, signedIn: false },
  { name: 'fifth, after four wrong', place: 4, signedIn: true },
  { name: 'sixth, after five wrong', place: 5, signedIn: false },
  { name: 'last', place: TRIES - 1, signedIn: false },
];

const randomPlace = Math.floor(Math.random() * TRIES);
const cases = [
  ...placesAndOutcomes,
  { name: 'at a random place', place: randomPlace, signedIn: randomPlace === 4 },
];

describe.each([
  { kind: 'sign-in', send: signIn, wrongCode: 'sign-in-failed' },
  { kind: 'approval', send: approve, wrongCode: 'approval-refused' },
])('$kind: forty tries sent at once, one of them right', ({ kind, send, wrongCode }) => {
  it.each(cases)('the right PIN $name', async ({ place, signedIn }) => {
    const secrets = withRightAt(place);
    const answers = await race(secrets, send);

    const expected = secrets.map((secret, i) => {
      if (secret === RIGHT) return signedIn ? 'ok' : 'operator-locked-out';
      return i < lockoutPolicy.maxFailures - 1 ? wrongCode : 'operator-locked-out';
    });
    expect(answers, `right PIN at ${place}`).toEqual(expected);

    const counted = secrets.slice(0, lockoutPolicy.maxFailures);
    const wrongCounted = counted.flatMap((secret, i) =>
      secret === WRONG ? [`sign-in-failed ${kind} try=${i + 1}`] : [],
    );
    const account = operators.accounts.get('sara');
    if (signedIn) {
      expect(account).toMatchObject({ failures: 0, lockedUntil: null });
    } else {
      expect(account).toMatchObject({
        failures: lockoutPolicy.maxFailures,
        lockedUntil: now + lockoutPolicy.lockMs,
      });
      expect(await send(RIGHT)).toBe('operator-locked-out');
    }
    const rows = triesAudited();
    expect(rows.filter((row) => row.includes('try=')).sort()).toEqual(wrongCounted.sort());
    expect(rows.filter((row) => row.startsWith('lockout'))).toHaveLength(signedIn ? 0 : 1);
    // Refused at the lock: every try after the fifth, a right one among the first five that
    // was not let in, and the right PIN sent again above.
    const rightCountedRefused = counted.includes(RIGHT) && !signedIn ? 1 : 0;
    expect(rows.filter((row) => row.endsWith(`${kind} locked`))).toHaveLength(
      TRIES - counted.length + rightCountedRefused + (signedIn ? 0 : 1),
    );
  });
});

describe('one try at a time', () => {
  it('a right PIN typed alone signs in and clears the count, even as the fifth try', async () => {
    for (let i = 1; i < lockoutPolicy.maxFailures; i += 1) {
      expect(await signIn(WRONG)).toBe('sign-in-failed');
      expect(operators.accounts.get('sara')?.failures).toBe(i);
    }
    expect(await signIn(RIGHT)).toBe('ok');
    expect(operators.state().operator?.operatorId).toBe('sara');
    expect(operators.accounts.get('sara')).toMatchObject({ failures: 0, lockedUntil: null });
    expect(await signIn(RIGHT)).toBe('ok');
    expect(operators.accounts.get('sara')).toMatchObject({ failures: 0, lockedUntil: null });
  });

  it('a right approval alone is granted and clears the count', async () => {
    expect(await approve(WRONG)).toBe('approval-refused');
    expect(operators.accounts.get('sara')?.failures).toBe(1);
    expect(await approve(RIGHT)).toBe('ok');
    expect(operators.accounts.get('sara')).toMatchObject({ failures: 0, lockedUntil: null });
  });

  it('a right PIN is refused when the account is disabled or given a new secret during its KDF', async () => {
    const checking = signIn(RIGHT);
    void operators.accounts.change('sara', { disabled: true }, 'admin');
    expect(await checking).toBe('operator-disabled');

    await operators.accounts.change('sara', { disabled: false }, 'admin');
    const newHash = await hashSecret('444444');
    const checkingOld = signIn(RIGHT);
    store.update('sara', { secretHash: newHash });
    expect(await checkingOld).toBe('sign-in-failed');
    expect(triesAudited().at(-1)).toBe('sign-in-failed sign-in secret changed');
    expect(await signIn('444444')).toBe('ok');
  });

  it('a lock that has run out starts a fresh count', async () => {
    for (let i = 0; i < lockoutPolicy.maxFailures; i += 1) await signIn(WRONG);
    expect(await signIn(RIGHT)).toBe('operator-locked-out');
    now += lockoutPolicy.lockMs;
    expect(await signIn(WRONG)).toBe('sign-in-failed');
    expect(operators.accounts.get('sara')).toMatchObject({ failures: 1, lockedUntil: null });
    expect(triesAudited().at(-1)).toBe('sign-in-failed sign-in try=1');
    expect(await signIn(RIGHT)).toBe('ok');
    expect(operators.accounts.get('sara')).toMatchObject({ failures: 0, lockedUntil: null });
  });
});
