/** English for payments that ended certainly without a charge (cancelled, reversed). */
export const enNotCharged = {
  notCharged: {
    badge: 'Not charged',
    title: 'Not charged',
  },
};
