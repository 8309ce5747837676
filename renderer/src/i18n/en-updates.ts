/** English for updates: Settings › About, the critical update's question, the audit trail. */
export const enUpdates = {
  updates: {
    title: 'About Paydesk',
    version: 'Version',
    channel: 'Update channel',
    lastCheck: 'Last look for updates',
    notYet: 'Not yet',
    state: 'Updates',
    lastError: 'Last problem',
    phases: {
      off: 'Not in this build: updates come to the installed app',
      idle: 'No update found yet',
      checking: 'Looking for updates…',
      'up-to-date': 'Up to date',
      available: 'Version {{version}} is available',
      downloading: 'Downloading version {{version}} in the background',
      downloadingShare: 'Downloading version {{version}} in the background: {{percent}}%',
      ready: 'Version {{version}} is ready: it installs when Paydesk quits',
    },
    errors: {
      offline:
        'The update server could not be reached. The counter works as before; Paydesk tries again later.',
      'download-broken':
        'The update’s download was broken. Nothing was installed; Paydesk downloads it again at the next look.',
      'disk-full':
        'There is no room on the disk for the update. Nothing was installed; the counter works as before.',
      'signature-refused':
        'The update was refused: it is not signed like this Paydesk. Nothing was installed. Tell your Paydesk support.',
      failed:
        'The update could not be looked for or downloaded. The counter works as before; Paydesk tries again later.',
    },
    hold: 'Keep this counter on version {{version}}',
    holdHint:
      'No update is downloaded or installed until this is turned off. Each change is written to the audit trail.',
    held: 'This counter is kept on version {{version}}.',
    restart: 'Restart to update',
    restartHint:
      'Installs version {{version}} now and starts Paydesk again, about a minute. Only on an idle counter.',
    restarting: 'Restarting to update…',
    waitsFor: 'Restart to update waits until these end: {{reasons}}',
    busy: {
      payment: 'a payment, refund, capture or release in progress',
      'in-doubt': 'a payment awaiting bank confirmation',
      challenge: 'customer verification',
      'z-close': 'a shift close (Z)',
      link: 'a payment link being sent',
    },
    critical: {
      title: 'An important update is ready:',
      security: 'Version {{version}} fixes a security problem.',
      payments: 'Version {{version}} is needed for payments to keep working with the gateway.',
      action: 'Restart now to install it; it takes about a minute.',
      later: 'Later',
    },
    /** The start-up failure box after a journal update that could not run. */
    migrationFailed:
      'Paydesk could not bring its journal up to date after the update, so it did not start. Nothing was changed: every payment in the journal is kept as it was. Send this log file to your Paydesk support:',
  },
};

/** The audit trail's names for the update events (en-operators.ts lists them with the rest). */
export const enUpdateAuditEvents = {
  'app-updated': 'Paydesk updated',
  'update-refused': 'Update refused: not signed like this Paydesk',
  'update-restart': 'Restart to update chosen',
  'updates-held': 'Counter kept on its version',
  'updates-released': 'Counter updates again',
};
