import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../../main/core/journal/history-cursor';
import { JournalError } from '../../../../main/core/platform/journal-error';

describe('history cursor', () => {
  it('round-trips a position as URL-safe text', () => {
    const position = {
      createdAt: 1_732_233_600_123,
      attemptId: 'a1b2c3d4-0000-4000-8000-000000000000',
    };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each([
    '',
    'not base64 !',
    Buffer.from('{"createdAt":1}').toString('base64url'),
    Buffer.from('[-1,"x"]').toString('base64url'),
    Buffer.from('[1.5,"x"]').toString('base64url'),
    Buffer.from('[1,""]').toString('base64url'),
    Buffer.from(`[1,"${'x'.repeat(65)}"]`).toString('base64url'),
  ])('refuses %j by name (the IPC layer tells the operator)', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(JournalError);
    expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ code: 'invalid-cursor' }));
  });
});
