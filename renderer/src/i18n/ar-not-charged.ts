import type { enNotCharged } from './en-not-charged';

/** Arabic for payments that ended certainly without a charge (ARABIC.md: «خصم المبلغ»). */
export const arNotCharged: typeof enNotCharged = {
  notCharged: {
    badge: 'لم يُخصم أي مبلغ',
    title: 'لم يُخصم أي مبلغ',
  },
};
