/** English for the store end of day screen; the report's lines come from main. */
export const enStoreDay = {
  storeDay: {
    view: 'Store end of day',
    title: 'Store end of day',
    day: 'Day',
    saveCsv: 'Save as CSV',
    saved: 'Saved.',
  },
};
