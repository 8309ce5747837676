/**
 * English for going live (Test connection, the live mark, the credentials' state), the
 * details line every failure keeps for support, and the store's note on Training sales.
 */
export const enLive = {
  live: {
    testConnection: 'Test connection',
    testAndSave: 'Test connection and save',
    testing: 'Testing the connection…',
    tested: 'Connection tested: the gateway accepted these credentials.',
    testedAndSaved: 'Connection tested and credentials saved: the gateway accepted them.',
    refused: 'The connection test failed. Nothing was saved.',
    refusedStored: 'The connection test failed with the saved credentials.',
    testHint:
      'Enter both fields and press Test connection and save: Paydesk asks the gateway one harmless question (it looks up an order that does not exist) and saves the credentials only if the gateway accepts them.',
    configuredTested: 'Configured and tested, key ending {{hint}}. Last tested {{when}}.',
    savedUntested:
      'Saved, key ending {{hint}}, but not tested: press Test connection before taking payments.',
    trainingNotInUse:
      'Not in use: Training mode sends payments to the built-in simulated gateway. Saved credentials (key ending {{hint}}) wait for their own gateway:',
    markLabel: 'Live gateway',
    mark: 'Live: {{gateway}} · key ending {{hint}}',
    markNoKey: 'Live: {{gateway}} · no credentials',
    nextErrorNoReference:
      'Nothing was charged. Try again; if it keeps happening, call support and tell them the time of this sale.',
    problemsTitle: 'Fix these before saving:',
  },
  details: {
    /** The line under a failure that keeps its code for support. */
    label: 'Details for support',
  },
  /** Windows main opens itself: the customer verification window and the start-up failure box. */
  shell: {
    challengeTitle: 'Customer verification',
    startupTitle: 'Paydesk could not start',
    startupNewerJournal:
      'This computer’s Paydesk data was written by a newer version of Paydesk. Install that version (or newer) to open it; nothing was changed.',
    startupGeneric:
      'Paydesk stopped before opening its window. Start it again; if this repeats, call support with the details below.',
    details: 'Details for support',
  },
  storeTraining:
    'Training sales stay on this counter: the store shows and totals live payments only, so a new store starts empty until the first live sale.',
};
