import type { enStoreDay } from './en-store-day';

/** Arabic for the store end of day screen; terms as the store screens'. */
export const arStoreDay: typeof enStoreDay = {
  storeDay: {
    view: 'الإقفال اليومي للمتجر',
    title: 'الإقفال اليومي للمتجر',
    day: 'اليوم',
    saveCsv: 'حفظ بصيغة CSV',
    saved: 'تم الحفظ.',
  },
};
