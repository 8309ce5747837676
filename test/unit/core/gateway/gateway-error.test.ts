import { describe, expect, it } from 'vitest';
import {
  displayCode,
  displayMessage,
  networkBlockKind,
  neverLeft,
} from '../../../../main/core/gateway/gateway-error';

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

describe('failures of the network in between', () => {
  const network = (detail: string) => ({ kind: 'network', operation: 'pay', detail }) as const;
  it('a refused certificate or proxy tunnel proves the request never left; a reset does not', () => {
    for (const detail of ['SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE']) {
      expect(networkBlockKind(detail)).toBe('certificate');
      expect(neverLeft(network(detail))).toBe(true);
    }
    expect(networkBlockKind('PROXY_REFUSED')).toBe('proxy');
    expect(neverLeft(network('PROXY_REFUSED'))).toBe(true);
    expect(networkBlockKind('ECONNRESET')).toBeNull();
    expect(neverLeft(network('ECONNRESET'))).toBe(false);
  });
});
