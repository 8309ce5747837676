import { timingSafeEqual } from 'node:crypto';

/**
 * Equal bytes, compared in time that depends only on the length: `timingSafeEqual` throws
 * on different lengths, and a length mismatch must answer false like any other mismatch.
 */
export function constantTimeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
