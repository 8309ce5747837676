import { describe, expect, it } from 'vitest';
import { displayCode, displayMessage } from '../../../../main/core/gateway/gateway-error';

const codes = (responseCode: string, detailedResponseCode: string | null) => ({
  responseCode,
  detailedResponseCode,
  responseMessage: 'Short',
  detailedResponseMessage: null,
});

describe('displayCode', () => {
  it.each([
    [codes('300', '300.001'), '300.001'],
    [codes('300', '001'), '300.001'],
    [codes('000', '000'), '000'],
    [codes('600', null), '600'],
    [codes('600', ''), '600'],
  ])('%j → %s', (input, expected) => {
    expect(displayCode(input)).toBe(expected);
  });

  it('prefers the detailed message and falls back to the short one', () => {
    expect(displayMessage({ ...codes('1', '1'), detailedResponseMessage: 'Long' })).toBe('Long');
    expect(displayMessage(codes('1', '1'))).toBe('Short');
  });
});
