import type { z } from 'zod';
import type { languageSchema } from '../../../shared/ipc';

export type Language = z.infer<typeof languageSchema>;

/** Writing direction per UI language; <html dir> follows it so logical CSS flips the layout. */
export function textDirection(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
