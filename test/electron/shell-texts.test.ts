import { describe, expect, it } from 'vitest';
import { JournalError } from '../../main/core/platform/journal-error';
import { challengeTitle, languageOfLocale, startupFailure } from '../../main/electron/shell-texts';

describe('the windows main opens itself', () => {
  it('title the customer verification window in the operator language', () => {
    expect(challengeTitle('en')).toBe('Customer verification');
    expect(challengeTitle('ar')).toBe('تحقق العميل');
  });

  it('read the system locale as one of the app languages', () => {
    expect(languageOfLocale('ar-SA')).toBe('ar');
    expect(languageOfLocale('AR')).toBe('ar');
    expect(languageOfLocale('en-GB')).toBe('en');
    expect(languageOfLocale('fr-FR')).toBe('en');
  });

  it('say why start-up failed in words, with the code only as details for support', () => {
    const newer = new JournalError('journal-from-newer-version', 'journal schema 99 is newer');
    const english = startupFailure('en', newer, '/logs/paydesk.log');
    expect(english.title).toBe('Paydesk could not start');
    const [sentence, details] = english.body.split('\n\n');
    expect(sentence).toContain('newer version of Paydesk');
    expect(sentence).not.toMatch(/[a-z]+-[a-z]+-/);
    expect(details).toBe('Details for support: journal-from-newer-version');

    const arabic = startupFailure(
      'ar',
      new Error('EACCES: permission denied\n  at open'),
      '/logs/paydesk.log',
    );
    expect(arabic.title).toBe('تعذّر تشغيل Paydesk');
    const [arabicSentence, arabicDetails] = arabic.body.split('\n\n');
    expect(arabicSentence?.replace('Paydesk', '')).not.toMatch(/[A-Za-z]/);
    expect(arabicDetails).toBe('تفاصيل للدعم: EACCES: permission denied');
  });
});
