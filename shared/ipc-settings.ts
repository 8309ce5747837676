import { z } from 'zod';
import { currencySchema, environmentSchema, languageSchema } from './ipc-base';
import { isPhoneCountry } from './phone';

/**
 * The settings as the contract carries them (shared/ipc.ts re-exports them): validated with
 * zod on every read of the stored file and on every save from the renderer.
 */

const text = (max: number) => z.string().max(max);

export const receiptHeaderSchema = z.strictObject({
  merchantName: text(80),
  address: text(200),
  vatNumber: text(32),
});

/** Receipt paper: 80 mm or 58 mm thermal roll, or A4 sheets. Print and PDF use the same. */
export const receiptPaperSchema = z.enum(['80mm', '58mm', 'a4']);

export const printingSettingsSchema = z.strictObject({
  /** The receipt printer as the system names it; null prints to the system default. */
  printerName: text(200).nullable(),
  /** Print straight to the printer, without the system's print dialog. */
  silent: z.boolean(),
  /** Copies per print of the customer's receipt. */
  customerCopies: z.number().int().min(1).max(5),
  /** Copies of the merchant's receipt; 0: the sale's Print receipt prints none. */
  merchantCopies: z.number().int().min(0).max(5),
  paper: receiptPaperSchema,
});

/** Holds: Authorize only by default or not, and how long the issuer keeps one. */
export const holdSettingsSchema = z.strictObject({
  /** The sale screen's Authorize only switch starts on. */
  authorizeOnlyDefault: z.boolean(),
  /** Days an issuer keeps a card-not-present hold (typically 7); History warns a day before. */
  expiryDays: z.number().int().min(1).max(30),
});

export const settingsSchema = z.strictObject({
  environment: environmentSchema,
  /** Used when environment is `custom`; must be https. */
  customBaseUrl: text(300).nullable(),
  /** Host of the per-attempt 3-D Secure returnUrl; never loaded, only intercepted. */
  returnHost: text(253),
  defaultCurrency: currencySchema,
  language: languageSchema,
  /**
   * The store's country, ISO 3166 alpha-2 (SA): customer phones typed without a country
   * code are read as this country's, and the forms' country code starts with its own.
   */
  merchantCountry: z.string().refine(isPhoneCountry),
  /** Largest amount one sale may take, decimal text in major units. */
  amountCap: text(24),
  receiptHeader: receiptHeaderSchema,
  printing: printingSettingsSchema,
  holds: holdSettingsSchema,
  /**
   * Check the card while it is typed (the number goes to the gateway once it is
   * complete). False: "Check the card only after Pay".
   */
  checkCardEarly: z.boolean(),
  /** Receipts in English and Arabic on one slip, as Saudi card slips are. */
  bilingualReceipts: z.boolean(),
  /**
   * The merchant holds this counter on its version: no update is downloaded or installed
   * until it is released (Settings › About; both changes are audited).
   */
  holdUpdates: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
export type PrintingSettings = z.infer<typeof printingSettingsSchema>;
export type ReceiptPaper = z.infer<typeof receiptPaperSchema>;

export const settingsViewSchema = z.object({
  settings: settingsSchema,
  credentialsConfigured: z.boolean(),
  /** Last 4 characters of the merchant public key, for the operator to recognise it. */
  keyHint: text(8).nullable(),
  /** The gateway origin the stored credentials are bound to (they are sent nowhere else). */
  credentialsOrigin: text(300).nullable(),
  /**
   * When Test connection last proved the stored credentials on their gateway (epoch ms); null
   * for credentials saved untested. Only proven credentials are shown as configured.
   */
  credentialsTestedAt: z.number().int().nonnegative().nullable(),
  /**
   * Merchant references of live payments, refunds or voids pending or in doubt on the current
   * gateway. While any is listed, the gateway, its URL and credentials cannot be changed.
   */
  gatewayBusy: z.array(text(64)).max(20),
  /** `settings-reset`: the stored file was corrupt or tampered with and defaults are in use. */
  warning: z.enum(['settings-reset']).nullable(),
  /** False where only Linux's plain-text secret backend exists: credentials cannot be saved. */
  secureStorageAvailable: z.boolean(),
});
