import type { Settings } from '../../../shared/ipc';
import { parseAmount } from '../../../shared/money/amount';
import { err, ok, type Result } from '../../../shared/result';
import { parseCustomBaseUrl } from './gateway-hosts';

export type SettingsRuleError =
  'settings-return-host-invalid' | 'settings-custom-url-invalid' | 'settings-amount-cap-invalid';

// A DNS name of at least two labels. No IP literals and no ports: the return host only has
// to be a name the challenge window can recognise and intercept, never one that resolves.
const hostName =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Every rule the settings break, in the order of the form, so the operator sees them all at
 * once rather than one per save.
 */
export function settingsProblems(settings: Settings): readonly SettingsRuleError[] {
  const checked = normalised(settings);
  return checked.ok ? [] : checked.error;
}

/**
 * The rules the contract's schema cannot express, applied to what the operator saves and to
 * what is read back from disk (a tampered file must not smuggle in an http gateway). Returns
 * the settings normalised: trimmed texts, lower-case host, no trailing slash on the URL.
 */
export function checkSettings(settings: Settings): Result<Settings, SettingsRuleError> {
  const checked = normalised(settings);
  return checked.ok ? checked : err(checked.error[0]);
}

type Problems = readonly [SettingsRuleError, ...SettingsRuleError[]];

function normalised(settings: Settings): Result<Settings, Problems> {
  const problems: SettingsRuleError[] = [];
  const returnHost = settings.returnHost.trim().toLowerCase();
  if (!hostName.test(returnHost)) problems.push('settings-return-host-invalid');

  const customText = settings.customBaseUrl?.trim() ?? '';
  let customBaseUrl: string | null = null;
  if (customText !== '' || settings.environment === 'custom') {
    const custom = parseCustomBaseUrl(customText);
    if (custom.ok) customBaseUrl = custom.value;
    else problems.push(custom.error);
  }

  const amountCap = settings.amountCap.trim();
  if (!parseAmount(amountCap, settings.defaultCurrency).ok) {
    problems.push('settings-amount-cap-invalid');
  }
  const [first, ...rest] = problems;
  if (first) return err([first, ...rest]);

  const { merchantName, address, vatNumber } = settings.receiptHeader;
  const printerName = settings.printing.printerName?.trim() || null;
  return ok({
    ...settings,
    returnHost,
    customBaseUrl,
    amountCap,
    receiptHeader: {
      merchantName: merchantName.trim(),
      address: address.trim(),
      vatNumber: vatNumber.trim(),
    },
    printing: { ...settings.printing, printerName },
  });
}
