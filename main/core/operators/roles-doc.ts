import { ipcContract, type IpcMethod } from '../../../shared/ipc';
import { roleSchema } from '../../../shared/ipc-security';
import { hasRole, permissionTable, type Access } from './permissions';

const mark = (access: Access, role: (typeof roleSchema.options)[number]) => {
  if (access === 'anyone') return 'yes';
  if (access === 'setup') return 'setup';
  return hasRole(role, access) ? 'yes' : '—';
};

/**
 * docs/roles.md, generated from the permission table and the contract: one row per IPC
 * channel. `npm run docs:roles` writes it; a unit test fails when the file and this differ.
 */
export function rolesMarkdown(): string {
  const roles = roleSchema.options;
  const lines = [
    '# Roles and permissions',
    '',
    '<!-- Generated from main/core/operators/permissions.ts by `npm run docs:roles`; do not edit. -->',
    '',
    'Main checks this table for every IPC request before its handler runs; a renderer that',
    'skips the UI gets `forbidden` (or `signed-out` / `locked`). While operators are off (a',
    'fresh install in Training), every channel is open, as before operators existed; in live',
    'mode without operators only the channels open to anyone, *setup*, and those noted',
    '"before the first admin" answer (so the gateway can be set up; no sale, no history).',
    '',
    '- **anyone**: also before sign-in and while the terminal is locked.',
    '- **setup**: only while operators are off (switching them on creates the first admin).',
    '',
    `| Channel | Anyone | ${roles.map((r) => r[0]!.toUpperCase() + r.slice(1)).join(' | ')} | Note |`,
    `|---|---|${roles.map(() => '---').join('|')}|---|`,
  ];
  for (const method of Object.keys(ipcContract) as IpcMethod[]) {
    const { access, note, beforeFirstAdmin, needsSignIn } = permissionTable[method];
    const notes = [
      note,
      beforeFirstAdmin ? 'also before the first admin, in live mode' : null,
      needsSignIn ? 'only with operators on' : null,
    ];
    const anyone = access === 'anyone' ? 'yes' : access === 'setup' ? 'setup' : '—';
    const cells = roles.map((role) => mark(access, role));
    lines.push(
      `| \`${ipcContract[method].channel}\` | ${anyone} | ${cells.join(' | ')} | ${notes.filter(Boolean).join('; ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
