import { z } from 'zod';
import { cardBrands } from './card/brands';
import { currencies } from './money/currencies';

/** The enums every part of the IPC contract shares (shared/ipc.ts re-exports them). */
export const currencySchema = z.enum(currencies);
export const brandSchema = z.enum(cardBrands);
export const languageSchema = z.enum(['en', 'ar']);
export const environmentSchema = z.enum(['training', 'ksa', 'egypt', 'uae', 'custom']);
