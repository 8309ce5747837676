import { describe, expect, it } from 'vitest';
import { liveGatewayBaseUrl } from '../../../../main/core/settings/gateway-hosts';

describe('liveGatewayBaseUrl', () => {
  it.each([
    ['ksa', null, 'https://api.ksamerchant.geidea.net'],
    ['egypt', null, 'https://api.merchant.geidea.net'],
    ['uae', null, 'https://api.merchant.geidea.ae'],
    ['ksa', 'https://ignored.example', 'https://api.ksamerchant.geidea.net'],
    ['custom', 'https://gw.example.com/', 'https://gw.example.com'],
  ] as const)('%s (custom %j) → %s', (environment, customBaseUrl, expected) => {
    expect(liveGatewayBaseUrl({ environment, customBaseUrl })).toEqual({
      ok: true,
      value: expected,
    });
  });

  it('has no live gateway in Training mode, whatever the custom URL says', () => {
    expect(
      liveGatewayBaseUrl({ environment: 'training', customBaseUrl: 'https://gw.example.com' }),
    ).toEqual({ ok: false, error: 'training-selected' });
  });

  it.each([null, 'http://gw.example.com', 'http://127.0.0.1:4010', 'garbage'])(
    'custom %j is refused, never silently replaced',
    (customBaseUrl) => {
      expect(liveGatewayBaseUrl({ environment: 'custom', customBaseUrl })).toEqual({
        ok: false,
        error: 'settings-custom-url-invalid',
      });
    },
  );
});
