import type { enGlance } from './en-glance';

/** Arabic for what is read at a glance, typed from the English table. */
export const arGlance: typeof enGlance = {
  glance: {
    linkMatches: 'روابط دفع مطابقة',
    linkMatchesHint: 'عمليات الدفع عبر الرابط محفوظة مع رابطها. افتح الرابط لعرضها.',
    hold: 'حجز المبلغ',
    holdKeys: 'Enter لحجز المبلغ عند اكتمال النموذج · Esc للمسح',
    holding: 'حجز المبلغ على البطاقة',
  },
};
