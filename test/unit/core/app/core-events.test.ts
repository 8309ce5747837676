import { describe, expect, it, vi } from 'vitest';
import { createCoreEvents } from '../../../../main/core/app/core-events';

const progress = { attemptId: 'a1', step: 'charging' as const, at: 1, elapsedMs: 5 };

describe('core events', () => {
  it('delivers each event to its listeners only, until they unsubscribe', () => {
    const events = createCoreEvents({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
    const steps: string[] = [];
    const settled: string[] = [];
    const off = events.on('saleProgress', (p) => steps.push(p.step));
    events.on('attemptSettled', (r) => settled.push(r.attemptId));
    events.emit('saleProgress', progress);
    off();
    events.emit('saleProgress', { ...progress, step: 'done' });
    expect(steps).toEqual(['charging']);
    expect(settled).toEqual([]);
  });

  it('keeps delivering when one listener throws, and logs it', () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const events = createCoreEvents(logger);
    const seen: string[] = [];
    events.on('saleProgress', () => {
      throw new Error('window gone');
    });
    events.on('saleProgress', (p) => seen.push(p.step));
    expect(() => events.emit('saleProgress', progress)).not.toThrow();
    expect(seen).toEqual(['charging']);
    expect(logger.error).toHaveBeenCalledWith('event listener failed', {
      event: 'saleProgress',
      error: 'Error: window gone',
    });
  });
});
