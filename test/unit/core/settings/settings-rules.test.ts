import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../../shared/ipc';
import { defaultSettings } from '../../../../main/core/settings/defaults';
import { checkSettings } from '../../../../main/core/settings/settings-rules';

const with_ = (patch: Partial<Settings>): Settings => ({ ...defaultSettings, ...patch });

describe('checkSettings', () => {
  it('accepts the defaults unchanged', () => {
    expect(checkSettings(defaultSettings)).toEqual({ ok: true, value: defaultSettings });
  });

  it.each([
    ['return.paydesk.app', 'return.paydesk.app'],
    ['  Return.Example.COM ', 'return.example.com'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
  ])('normalises return host %j', (returnHost, expected) => {
    const result = checkSettings(with_({ returnHost }));
    expect(result.ok && result.value.returnHost).toBe(expected);
  });

  it.each([
    '',
    'localhost',
    'return.paydesk.app:443',
    'https://return.paydesk.app',
    'return.paydesk.app/3ds',
    '127.0.0.1',
    '-bad.example',
    'bad-.example',
    'under_score.example',
    `${'a'.repeat(64)}.example`,
  ])('refuses return host %j', (returnHost) => {
    expect(checkSettings(with_({ returnHost }))).toEqual({
      ok: false,
      error: 'settings-return-host-invalid',
    });
  });

  it.each([
    ['custom', 'https://gw.example.com/', 'https://gw.example.com'],
    ['custom', ' https://GW.example.com:8443 ', 'https://gw.example.com:8443'],
    ['custom', 'https://gw.example.com:443/', 'https://gw.example.com'],
    ['custom', 'https://bücher.example', 'https://xn--bcher-kva.example'],
    ['ksa', '', null],
    ['ksa', null, null],
    ['training', 'https://gw.example.com', 'https://gw.example.com'],
  ] as const)('environment %s with custom URL %j → %j', (environment, customBaseUrl, expected) => {
    const result = checkSettings(with_({ environment, customBaseUrl }));
    expect(result.ok && result.value.customBaseUrl).toBe(expected);
  });

  it.each([
    ['custom', null],
    ['custom', ''],
    ['custom', 'http://gw.example.com'],
    ['custom', 'http://127.0.0.1:4010'],
    ['custom', 'ftp://gw.example.com'],
    ['custom', 'https://user:pw@gw.example.com'],
    ['custom', 'https://gw.example.com/?x=1'],
    ['custom', 'https://gw.example.com:8443/base'],
    ['custom', 'https://gw.example.com/#x'],
    ['custom', 'not a url'],
    ['egypt', 'http://gw.example.com'],
  ] as const)('environment %s refuses custom URL %j', (environment, customBaseUrl) => {
    expect(checkSettings(with_({ environment, customBaseUrl }))).toEqual({
      ok: false,
      error: 'settings-custom-url-invalid',
    });
  });

  it.each([
    ['SAR', '5000.50', true],
    ['SAR', ' 1 ', true],
    ['KWD', '10.125', true],
    ['SAR', '10.125', false],
    ['JPY', '10.5', false],
    ['SAR', '0', false],
    ['SAR', '-5', false],
    ['SAR', '1,000', false],
    ['SAR', '', false],
  ] as const)('amount cap in %s %j valid: %s', (defaultCurrency, amountCap, valid) => {
    const result = checkSettings(with_({ defaultCurrency, amountCap }));
    expect(result.ok ? true : result.error).toBe(valid ? true : 'settings-amount-cap-invalid');
  });

  it('trims the receipt header', () => {
    const result = checkSettings(
      with_({
        receiptHeader: { merchantName: ' Café ', address: ' Riyadh\n', vatNumber: ' 3001 ' },
      }),
    );
    expect(result.ok && result.value.receiptHeader).toEqual({
      merchantName: 'Café',
      address: 'Riyadh',
      vatNumber: '3001',
    });
  });
});
