import { describe, expect, it } from 'vitest';
import { parseGatewayBaseUrl } from '../../../../main/core/gateway/base-url';

describe('parseGatewayBaseUrl', () => {
  it.each([
    ['https://api.merchant.geidea.net', true],
    ['https://api.ksamerchant.geidea.net/', true],
    ['https://gateway.example/prefix', true],
    ['http://127.0.0.1:4010', true],
    ['http://localhost:4010', true],
    ['http://[::1]:4010', true],
  ])('accepts %s', (text, _ok) => {
    expect(parseGatewayBaseUrl(text).ok).toBe(true);
  });

  it.each([
    ['http://api.merchant.geidea.net', 'gateway-url-not-https'],
    ['http://10.0.0.5:4010', 'gateway-url-not-https'],
    ['ftp://127.0.0.1', 'gateway-url-not-https'],
    ['', 'gateway-url-invalid'],
    ['not a url', 'gateway-url-invalid'],
    ['https://user:pw@api.merchant.geidea.net', 'gateway-url-invalid'],
    ['https://api.merchant.geidea.net/?x=1', 'gateway-url-invalid'],
  ])('refuses %s with %s', (text, code) => {
    expect(parseGatewayBaseUrl(text)).toEqual({ ok: false, error: code });
  });
});
