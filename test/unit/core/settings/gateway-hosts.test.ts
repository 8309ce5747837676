import { describe, expect, it } from 'vitest';
import { gatewayBaseUrl } from '../../../../main/core/settings/gateway-hosts';

const training = 'http://127.0.0.1:40123';

describe('gatewayBaseUrl', () => {
  it.each([
    ['training', null, training],
    ['ksa', null, 'https://api.ksamerchant.geidea.net'],
    ['egypt', null, 'https://api.merchant.geidea.net'],
    ['uae', null, 'https://api.merchant.geidea.ae'],
    ['ksa', 'https://ignored.example', 'https://api.ksamerchant.geidea.net'],
    ['custom', 'https://gw.example.com/', 'https://gw.example.com'],
  ] as const)('%s (custom %j) → %s', (environment, customBaseUrl, expected) => {
    expect(gatewayBaseUrl({ environment, customBaseUrl }, training)).toEqual({
      ok: true,
      value: expected,
    });
  });

  it.each([null, 'http://gw.example.com', 'http://127.0.0.1:4010', 'garbage'])(
    'custom %j is refused, never silently replaced',
    (customBaseUrl) => {
      expect(gatewayBaseUrl({ environment: 'custom', customBaseUrl }, training)).toEqual({
        ok: false,
        error: 'settings-custom-url-invalid',
      });
    },
  );
});
