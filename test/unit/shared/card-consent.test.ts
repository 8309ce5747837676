import { describe, expect, it } from 'vitest';
import { consentText } from '../../../shared/card-consent';

const FSI = '\u2068';
const PDI = '\u2069';

describe('the consent words read to the customer', () => {
  it('say in English what is kept, what never is, and when the card may be charged', () => {
    const unscheduled = consentText('en', {
      merchantName: 'Dar Coffee',
      agreementType: 'Unscheduled',
    });
    expect(unscheduled).toBe(
      `Do you agree that ${FSI}Dar Coffee${PDI} keeps your card on file with its payment gateway, so you can pay with it again without reading out your card number? ` +
        `${FSI}Dar Coffee${PDI} never keeps your full card number or your CVV. ` +
        `You also agree that ${FSI}Dar Coffee${PDI} may charge this card for payments you ask for, without you being present. ` +
        'You can ask us to delete your saved card at any time.',
    );
    const recurring = consentText('en', { merchantName: 'Dar Coffee', agreementType: 'Recurring' });
    expect(recurring).toContain('on the regular schedule you agreed with us');
    expect(recurring).not.toContain('payments you ask for');
  });

  it('say the same in Arabic with the glossary’s terms, the merchant’s name isolated', () => {
    const text = consentText('ar', { merchantName: 'Dar Coffee', agreementType: 'Recurring' });
    expect(text).toContain(`يحفظ ${FSI}Dar Coffee${PDI} بطاقتك لدى بوابة الدفع`);
    expect(text).toContain('رمز CVV');
    // «الخصم» alone reads as a discount at a till: the amount is taken from the card.
    expect(text).toContain('يخصم');
    expect(text).toContain('المبلغ من هذه البطاقة');
    expect(text).not.toContain('الخصم');
    expect(text).toContain('بشكل دوري');
    const unscheduled = consentText('ar', {
      merchantName: 'Dar Coffee',
      agreementType: 'Unscheduled',
    });
    expect(unscheduled).toContain('لعمليات دفع تطلبها');
    expect(unscheduled).not.toContain('بشكل دوري');
  });

  it('keep direction marks in the merchant’s name from reaching past its isolate', () => {
    const text = consentText('ar', {
      merchantName: 'Dar\u202E Coffee\u2066',
      agreementType: 'Unscheduled',
    });
    expect(text).toContain(`${FSI}Dar Coffee${PDI}`);
    expect(text.match(/[\u202A-\u202E\u2066\u2067]/gu)).toBeNull();
  });

  it('name the store in words when no merchant name is set', () => {
    expect(consentText('en', { merchantName: '  ', agreementType: 'Unscheduled' })).toMatch(
      /^Do you agree that the store keeps your card/,
    );
    expect(consentText('ar', { merchantName: '', agreementType: 'Unscheduled' })).toContain(
      'أن يحفظ المتجر بطاقتك',
    );
  });
});
