import { callingCodeOf } from '../../../shared/phone';
import { useSettingsStore } from '../stores/settings-store';

/**
 * The country code the sale and link forms start with: the store country's (Settings), a
 * real value the cashier may overwrite for a foreign customer, never placeholder text.
 */
export const useStoreCallingCode = (): string =>
  callingCodeOf(useSettingsStore((s) => s.view?.settings.merchantCountry) ?? '');
