import { describe, expect, test } from 'vitest';
import { gatewayCodes } from '../../../../main/core/sandbox/codes';

describe('gateway codes table', () => {
  const entries = Object.values(gatewayCodes);

  test('every detailed code is unique and belongs to its group', () => {
    const detailed = entries.map((entry) => entry.detailedResponseCode);
    expect(new Set(detailed).size).toBe(detailed.length);
    for (const entry of entries)
      expect(entry.detailedResponseCode.startsWith(entry.responseCode)).toBe(true);
  });

  test('business outcomes are HTTP 200, malformed requests 4xx, injected faults 5xx', () => {
    for (const entry of entries) {
      const group = Number(entry.responseCode);
      if (group === 1 || group === 100) expect(entry.httpStatus).toBeGreaterThanOrEqual(400);
      else if (group === 999) expect(entry.httpStatus).toBeGreaterThanOrEqual(500);
      else expect(entry.httpStatus).toBe(200);
    }
  });

  test('success is 000 / Success, as the seed shows', () => {
    expect(gatewayCodes.success).toMatchObject({
      responseCode: '000',
      responseMessage: 'Success',
      detailedResponseCode: '000',
    });
  });
});
