import { describe, expect, test } from 'vitest';
import { FaultPlan } from '../../../../main/core/sandbox/faults';

describe('FaultPlan', () => {
  test('an operation target matches that operation only, count times', () => {
    const plan = new FaultPlan();
    plan.failNext('pay', 2, 503);
    expect(plan.takeFailure('payer', '/pgw/api/v6/direct/authenticate/payer')).toBeNull();
    expect(plan.takeFailure('pay', '/pgw/api/v2/direct/pay')).toBe(503);
    expect(plan.takeFailure('pay', '/pgw/api/v2/direct/pay')).toBe(503);
    expect(plan.takeFailure('pay', '/pgw/api/v2/direct/pay')).toBeNull();
  });

  test('a path suffix target matches any request path ending with it, pages included', () => {
    const plan = new FaultPlan();
    plan.failNext('/acs/challenge', 1, 'hang');
    expect(plan.takeFailure(null, '/acs/challenge/submit')).toBeNull();
    expect(plan.takeFailure(null, '/acs/challenge')).toBe('hang');
  });

  test('failures are taken in the order they were set', () => {
    const plan = new FaultPlan();
    plan.failNext('order', 1, 500);
    plan.failNext('/direct/order', 1, 503);
    expect(plan.takeFailure('search', '/pgw/api/v1/direct/order')).toBe(503);
    expect(plan.takeFailure('order', '/pgw/api/v1/direct/order/x')).toBe(500);
  });

  test('lost Pay answers are counted down; clear removes every fault', () => {
    const plan = new FaultPlan();
    plan.losePayAnswer(1);
    plan.setLatency(20);
    plan.failNext('session', 5, 500);
    expect(plan.takeLostPayAnswer()).toBe(true);
    expect(plan.takeLostPayAnswer()).toBe(false);
    plan.losePayAnswer(3);
    plan.clear();
    expect([plan.takeLostPayAnswer(), plan.latencyMs, plan.takeFailure('session', '/x')]).toEqual([
      false,
      0,
      null,
    ]);
  });

  test('after-commit statuses, late Pays and Pay endings are counted down, each in order', () => {
    const plan = new FaultPlan();
    plan.failAfterCommit('refund', 1, 502);
    plan.payLandsLate(2, 300);
    plan.payEndsAs(1, 'Reversed');
    plan.payEndsAs(1, 'ServerTimedOut');
    expect(plan.takeAfterCommit('pay', '/pgw/api/v2/direct/pay')).toBeNull();
    expect(plan.takeAfterCommit('refund', '/pgw/api/v1/direct/refund')).toBe(502);
    expect(plan.takeAfterCommit('refund', '/pgw/api/v1/direct/refund')).toBeNull();
    expect([plan.takeLatePay(), plan.takeLatePay(), plan.takeLatePay()]).toEqual([300, 300, null]);
    expect([plan.takePayEnding(), plan.takePayEnding(), plan.takePayEnding()]).toEqual([
      'Reversed',
      'ServerTimedOut',
      null,
    ]);
  });

  test('refuseConnections asks the listener; clear leaves no fault behind', () => {
    const refused: number[] = [];
    const plan = new FaultPlan();
    plan.attachListener((ms) => refused.push(ms));
    plan.refuseConnections(1500);
    expect(refused).toEqual([1500]);
    plan.orderReadLag(200);
    plan.payLandsLate(1, 10);
    plan.payEndsAs(1, 'ClientTimedOut');
    plan.failAfterCommit('pay', 1, 504);
    plan.clear();
    expect([plan.readLagMs, plan.takeLatePay(), plan.takePayEnding()]).toEqual([0, null, null]);
    expect(plan.takeAfterCommit('pay', '/pgw/api/v2/direct/pay')).toBeNull();
  });

  test('bad values are refused', () => {
    const plan = new FaultPlan();
    expect(() => plan.setLatency(-1)).toThrow();
    expect(() => plan.setLatency(60_001)).toThrow();
    expect(() => plan.failNext('pay', 0, 500)).toThrow();
    expect(() => plan.failNext('', 1, 500)).toThrow();
    expect(() => plan.failNext('pay', 1, 404 as never)).toThrow();
    expect(() => plan.failAfterCommit('pay', 1, 503 as never)).toThrow();
    expect(() => plan.payEndsAs(1, 'Voided' as never)).toThrow();
    expect(() => plan.refuseConnections(10)).toThrow('no listener');
  });

  test('the merchant configuration changes flag by flag; clear restores the defaults', () => {
    const plan = new FaultPlan();
    const defaults = { ...plan.merchantConfig };
    plan.setMerchantConfig({ isCvvRequiredForTokenPayments: false });
    plan.setMerchantConfig({ allowedInitiatedByValues: ['Internet'] });
    expect(plan.merchantConfig).toEqual({
      ...defaults,
      isCvvRequiredForTokenPayments: false,
      allowedInitiatedByValues: ['Internet'],
    });
    expect(() => plan.setMerchantConfig({ isTokenizationEnabled: 'no' as never })).toThrow();
    expect(() => plan.setMerchantConfig({ unknownFlag: true } as never)).toThrow();
    plan.clear();
    expect(plan.merchantConfig).toEqual(defaults);
  });

  test('token controls reach the sandbox they are attached to, and throw before', () => {
    const plan = new FaultPlan();
    expect(() => plan.expireToken('t')).toThrow('no sandbox tokens');
    expect(() => plan.plantToken({})).toThrow('no sandbox to plant tokens');
    const expired: string[] = [];
    plan.attachTokens({
      expire: (tokenId) => {
        expired.push(tokenId);
        return true;
      },
      plant: () => 'planted-id',
    });
    expect(plan.expireToken('t-1')).toBe(true);
    expect(plan.plantToken({})).toBe('planted-id');
    expect(expired).toEqual(['t-1']);
    expect(() => plan.expireToken('')).toThrow();
  });
});
