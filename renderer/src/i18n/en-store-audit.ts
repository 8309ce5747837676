/** English for Verify audit trail across the store's counters. */
export const enStoreAudit = {
  storeAudit: {
    title: 'Every counter’s audit trail, as the store holds it',
    counter: '{{name}} ({{id}})',
    verified: 'Intact: {{rows}} entries checked up to entry {{seq}}.',
    verifiedBefore:
      'Intact: {{rows}} entries checked up to entry {{seq}}. The first {{unsigned}} were written before signing began; the first signature covers them as they were then.',
    missing:
      'Not signed yet ({{rows}} entries): this counter has not been upgraded, so its trail cannot be checked from here.',
    allBefore:
      'Not signed ({{rows}} entries, all written before signing began): cannot be checked from here yet.',
    changed:
      'Its signing key in the store is not the one this counter first saw: its trail is not trusted.',
    broken: 'Changed in the store: entry {{seq}} {{reason}}.',
    empty: 'No audit entries in the store yet.',
    reasons: {
      gap: 'is missing',
      signature: 'was changed',
      unsigned: 'lost its signature',
      truncated: 'and the entries after it were removed',
    },
  },
};
