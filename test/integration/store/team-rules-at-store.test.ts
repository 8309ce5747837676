import { beforeAll, describe, expect, it } from 'vitest';
import {
  signInAtStore,
  writeOperatorAtStore,
  type StoreOperatorWrite,
} from '../../../main/core/store/operators/store-sign-in';
import { unchangedWrite } from '../../../main/core/operators/operator-authority';
import { hostileClusterForFile, type HostileStore } from './hostile-store';

/**
 * The team's rules as the store enforces them for every counter's login (store step 14),
 * called as the counters' own roles: a supervisor's token unlocks a cashier and does nothing
 * else, nobody switches themselves off, and step 12's admin path is the owner's alone.
 */
const { skip, fresh } = hostileClusterForFile('team_rules');

type Change = Partial<Omit<StoreOperatorWrite, 'counterId' | 'token' | 'operatorId'>>;

describe.skipIf(skip !== null)('the team’s rules at the store', () => {
  let store: HostileStore;
  /** Sign-in tokens by `counter:operator`. */
  const tokens: Record<string, string> = {};

  const write = (counter: string, token: string | null, operatorId: string, change: Change) =>
    store.as(counter, (client) =>
      writeOperatorAtStore(client, {
        counterId: counter,
        token,
        operatorId,
        ...unchangedWrite,
        ...change,
      }),
    );
  const refusal = (counter: string, token: string | null, operatorId: string, change: Change) =>
    write(counter, token, operatorId, change).then(
      () => 'written',
      (error: unknown) => (error as { code?: string }).code ?? String(error),
    );
  const signIn = async (counter: string, operatorId: string, secret: string) => {
    const answer = await store.as(counter, (client) =>
      signInAtStore(client, { counterId: counter, operatorId, secret, purpose: 'sign-in' }),
    );
    if (answer.outcome === 'ok' && answer.token !== null) {
      tokens[`${counter}:${operatorId}`] = answer.token;
    }
    return answer.outcome;
  };
  const lockOut = async (operatorId: string) => {
    for (let i = 0; i < 5; i += 1) await signIn('A', operatorId, '000000');
  };
  const row = (operatorId: string) =>
    store.owner(
      async (owner) =>
        (
          await owner.query(
            'SELECT role, disabled, failures, locked_until FROM store_operators WHERE operator_key = $1',
            [operatorId],
          )
        ).rows[0] as Record<string, unknown>,
    );

  beforeAll(async () => {
    store = await fresh('new');
    await write('A', null, 'hala', {
      create: true,
      displayName: 'Hala',
      role: 'admin',
      secret: '112233',
    });
    await signIn('A', 'hala', '112233');
    const team = [
      ['sami', 'supervisor', '334455'],
      ['rana', 'supervisor', '445566'],
      ['badr', 'cashier', '556677'],
    ] as const;
    for (const [id, role, secret] of team) {
      await write('A', tokens['A:hala'] ?? null, id, {
        create: true,
        displayName: id,
        role,
        secret,
      });
    }
    await signIn('B', 'sami', '334455');
    await signIn('B', 'badr', '556677');
  });

  it('a supervisor unlocks a locked cashier at any counter', async () => {
    await lockOut('badr');
    expect(await row('badr')).toMatchObject({ failures: 5 });
    expect(await signIn('A', 'badr', '556677')).toBe('locked');
    await write('B', tokens['B:sami'] ?? null, 'badr', { unlock: true });
    expect(await row('badr')).toMatchObject({ failures: 0, locked_until: null });
    expect(await signIn('A', 'badr', '556677')).toBe('ok');
  });

  it('a supervisor’s token does nothing else: no other role’s lock, no other field', async () => {
    await lockOut('rana');
    const sami = tokens['B:sami'] ?? null;
    expect(await refusal('B', sami, 'rana', { unlock: true })).toBe('forbidden');
    expect(await refusal('B', sami, 'hala', { unlock: true })).toBe('forbidden');
    expect(await refusal('B', sami, 'badr', { role: 'admin', unlock: true })).toBe('forbidden');
    expect(await refusal('B', sami, 'badr', { disabled: true, unlock: true })).toBe('forbidden');
    expect(await refusal('B', sami, 'badr', { secret: '999999', unlock: true })).toBe('forbidden');
    expect(await refusal('B', sami, 'sami', { role: 'admin' })).toBe('forbidden');
    expect(
      await refusal('B', sami, 'eve', {
        create: true,
        displayName: 'Eve',
        role: 'admin',
        secret: '123123',
      }),
    ).toBe('forbidden');
    // Another counter's login cannot use the token either.
    expect(await refusal('A', sami, 'badr', { unlock: true })).toBe('signed-out');
    // A cashier's token unlocks nobody.
    expect(await refusal('B', tokens['B:badr'] ?? null, 'rana', { unlock: true })).toBe(
      'forbidden',
    );
    expect(await row('rana')).toMatchObject({ failures: 5, role: 'supervisor' });
    expect(await row('badr')).toMatchObject({ role: 'cashier', disabled: false });
  });

  it('nobody switches themselves off; an admin still switches others off and on', async () => {
    const hala = tokens['A:hala'] ?? null;
    expect(await refusal('A', hala, 'HALA', { disabled: true })).toBe('self-disable');
    expect(await row('hala')).toMatchObject({ disabled: false });
    await write('A', hala, 'rana', { disabled: true });
    expect(await row('rana')).toMatchObject({ disabled: true });
    await write('A', hala, 'rana', { disabled: false, unlock: true, role: 'cashier' });
    expect(await row('rana')).toMatchObject({ disabled: false, role: 'cashier', failures: 0 });
  });

  it('step 12’s admin path is not a counter’s to call', async () => {
    const called = await store.as('B', (client) =>
      client
        .query(
          `SELECT * FROM paydesk_write_operator_as_admin('B', $1, 'badr', false, NULL, 'admin',
             NULL, NULL, NULL)`,
          [tokens['B:sami']],
        )
        .then(
          () => 'called',
          (error: Error) => error.message,
        ),
    );
    expect(called).toMatch(/permission denied/);
    expect(await row('badr')).toMatchObject({ role: 'cashier' });
  });
});
