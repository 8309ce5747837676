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

  test('bad values are refused', () => {
    const plan = new FaultPlan();
    expect(() => plan.setLatency(-1)).toThrow();
    expect(() => plan.failNext('pay', 0, 500)).toThrow();
    expect(() => plan.failNext('', 1, 500)).toThrow();
  });
});
