/** English for the Team screen, the till-like sign-in and the approval dialog's facts. */
export const enTeam = {
  team: {
    title: 'Team',
    caption: 'Team members',
    you: 'you',
    edit: 'Edit {{name}}',
    resetSecret: 'New PIN for {{name}}',
    short: {
      edit: 'Edit',
      resetSecret: 'New PIN',
      disable: 'Switch off',
      enable: 'Switch on',
      unlock: 'Unlock',
    },
    editTitle: 'Edit {{name}}',
    save: 'Save changes',
    saved: 'Saved.',
    demoteTitle: 'Change the role of {{name}}?',
    demoteBody:
      '{{name}} is now {{from}} and becomes {{to}}: from their next step they can no longer do what only a {{from}} may.',
    demoteConfirm: 'Change role',
    resetTitle: 'New PIN or password for {{name}}',
    resetBody:
      'From now on {{name}} signs in with the new one at every counter; the old one stops working and they are signed out.',
    resetConfirm: 'Set new PIN',
    secretAgain: 'Type it again',
    disableTitle: 'Switch off {{name}}?',
    disableBody:
      '{{name}} can no longer sign in, here or at another counter. Their sales and the audit trail keep their name; you can switch them on again.',
    disableConfirm: 'Switch off',
    supervisorNote:
      'Supervisors see the team and unlock cashiers; an admin adds and changes people.',
    settingsNote: 'Lock rules, the audit trail and switching operators off are in Settings.',
    inSettings: 'People are added, changed and unlocked on the Team screen.',
    unlocked: '{{name}} is unlocked.',
  },
  tillSignIn: {
    recent: 'Who is signing in?',
    someoneElse: 'Someone else',
    signingInAs: 'Signing in as',
    triesLeft: 'Tries left before this ID is locked: {{count}}',
    lockedUntil: 'Locked until',
    unlockSooner: 'A supervisor or an admin can unlock it sooner on the Team screen.',
  },
  approvalFacts: {
    caption: 'What you approve',
    action: 'Action',
    actions: {
      refund: 'Refund',
      capture: 'Capture of a hold',
      release: 'Release of a hold',
      acknowledge: 'Keep a payment awaiting bank confirmation open through the Z report',
    },
    amount: 'Amount',
    card: 'Card',
    reference: 'Merchant reference',
    requester: 'Asked by',
  },
};
